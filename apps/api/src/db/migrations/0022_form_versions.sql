CREATE TABLE "enrollment_form_versions" (
	"form_id" integer NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrollment_form_versions_form_id_version_pk" PRIMARY KEY("form_id","version"),
	CONSTRAINT "enrollment_form_versions_positive" CHECK ("enrollment_form_versions"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "enrollment_forms" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollment_forms" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(btrim(regexp_replace(translate(name,
  'ÁÀÄÂÉÈËÊÍÌÏÎÓÒÖÔÚÙÜÛÑáàäâéèëêíìïîóòöôúùüûñ', 'aaaaeeeeiiiioooouuuunaaaaeeeeiiiioooouuuun'), '\s+', ' ', 'g')))) STORED;--> statement-breakpoint
-- Every existing form's definition becomes its version 1, and every existing event uses it.
INSERT INTO "enrollment_form_versions" ("form_id", "version", "name", "description", "definition", "created_by", "created_at")
  SELECT "id", 1, "name", "description", "definition", "created_by", "created_at" FROM "enrollment_forms";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "enrollment_form_version" integer;--> statement-breakpoint
UPDATE "events" SET "enrollment_form_version" = 1;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "enrollment_form_version" SET NOT NULL;--> statement-breakpoint
-- Active forms whose name repeats an older active form's (accents and case aside) are renamed
-- '<name> (2)', '<name> (3)'… so the unique index below can be built; nothing is deactivated, so
-- the event form keeps offering every form it offered. Versions keep the name they were saved with.
DO $$
DECLARE
  f record;
  n integer;
  candidate text;
BEGIN
  FOR f IN SELECT a."id", a."name" FROM "enrollment_forms" a
      WHERE a."state" AND EXISTS (SELECT 1 FROM "enrollment_forms" b
        WHERE b."state" AND b."name_key" = a."name_key" AND b."id" < a."id")
      ORDER BY a."id" LOOP
    n := 2;
    LOOP
      candidate := f."name" || ' (' || n || ')';
      EXIT WHEN NOT EXISTS (SELECT 1 FROM "enrollment_forms" c
        WHERE c."state" AND c."id" <> f."id" AND c."name_key" = lower(btrim(regexp_replace(translate(candidate,
  'ÁÀÄÂÉÈËÊÍÌÏÎÓÒÖÔÚÙÜÛÑáàäâéèëêíìïîóòöôúùüûñ', 'aaaaeeeeiiiioooouuuunaaaaeeeeiiiioooouuuun'), '\s+', ' ', 'g'))));
      n := n + 1;
    END LOOP;
    UPDATE "enrollment_forms" SET "name" = candidate WHERE "id" = f."id";
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "enrollment_form_versions" ADD CONSTRAINT "enrollment_form_versions_form_id_enrollment_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."enrollment_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_form_versions" ADD CONSTRAINT "enrollment_form_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_enrollment_form_version_fk" FOREIGN KEY ("enrollment_form_id","enrollment_form_version") REFERENCES "public"."enrollment_form_versions"("form_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enrollment_forms_active_name" ON "enrollment_forms" USING btree ("name_key") WHERE "enrollment_forms"."state";