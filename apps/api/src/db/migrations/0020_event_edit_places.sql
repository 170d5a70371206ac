ALTER TABLE "events" DROP CONSTRAINT "events_state_valid";--> statement-breakpoint
ALTER TABLE "event_files" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_files" ADD COLUMN "current" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "event_files" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "event_files" DROP CONSTRAINT "event_files_event_id_kind_pk";--> statement-breakpoint
ALTER TABLE "event_files" ADD CONSTRAINT "event_files_event_id_kind_version_pk" PRIMARY KEY("event_id","kind","version");--> statement-breakpoint
ALTER TABLE "event_files" ADD CONSTRAINT "event_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_files_current" ON "event_files" USING btree ("event_id","kind") WHERE "event_files"."current";--> statement-breakpoint
-- Places registered twice before the rule: the first stays active, the later ones are turned off
-- (events keep pointing at them; a place is only deactivated, never deleted).
UPDATE "places" p SET "state" = false
WHERE p."state" AND EXISTS (
  SELECT 1 FROM "places" q
  WHERE q."state" AND q."id" < p."id" AND q."reference" = p."reference"
    AND lower(translate(regexp_replace(btrim(q."description"), '[[:space:]]+', ' ', 'g'), 'ÁÀÄÂÉÈËÊÍÌÏÎÓÒÖÔÚÙÜÛÑáàäâéèëêíìïîóòöôúùüûñ', 'AAAAEEEEIIIIOOOOUUUUNaaaaeeeeiiiioooouuuun'))
      = lower(translate(regexp_replace(btrim(p."description"), '[[:space:]]+', ' ', 'g'), 'ÁÀÄÂÉÈËÊÍÌÏÎÓÒÖÔÚÙÜÛÑáàäâéèëêíìïîóòöôúùüûñ', 'AAAAEEEEIIIIOOOOUUUUNaaaaeeeeiiiioooouuuun'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "places_active_name_reference" ON "places" USING btree (lower(translate(regexp_replace(btrim("description"), '[[:space:]]+', ' ', 'g'), 'ÁÀÄÂÉÈËÊÍÌÏÎÓÒÖÔÚÙÜÛÑáàäâéèëêíìïîóòöôúùüûñ', 'AAAAEEEEIIIIOOOOUUUUNaaaaeeeeiiiioooouuuun')),"reference") WHERE "places"."state";--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_state_valid" CHECK ("events"."state" in (1, 2, 3, 4));
