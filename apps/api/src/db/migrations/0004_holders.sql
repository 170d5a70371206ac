CREATE TABLE "beneficiary_exclusions" (
	"id" serial PRIMARY KEY NOT NULL,
	"inscription_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"removed_at" timestamp with time zone,
	"removed_by" integer,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "guardians" (
	"id" serial PRIMARY KEY NOT NULL,
	"inscription_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"relationship_id" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"removed_at" timestamp with time zone,
	"removed_by" integer,
	CONSTRAINT "guardians_inscription_person" UNIQUE("inscription_id","person_id")
);
--> statement-breakpoint
ALTER TABLE "titular_assignments" ADD COLUMN "validated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "titular_assignments" ADD COLUMN "validated_by" integer;--> statement-breakpoint
ALTER TABLE "beneficiary_exclusions" ADD CONSTRAINT "beneficiary_exclusions_inscription_id_inscriptions_id_fk" FOREIGN KEY ("inscription_id") REFERENCES "public"."inscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary_exclusions" ADD CONSTRAINT "beneficiary_exclusions_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_inscription_id_inscriptions_id_fk" FOREIGN KEY ("inscription_id") REFERENCES "public"."inscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_relationship_id_relationships_id_fk" FOREIGN KEY ("relationship_id") REFERENCES "public"."relationships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exclusion_one_active_per_inscription" ON "beneficiary_exclusions" USING btree ("inscription_id") WHERE removed_at is null;--> statement-breakpoint
CREATE INDEX "exclusions_institution_idx" ON "beneficiary_exclusions" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "guardians_person_idx" ON "guardians" USING btree ("person_id");--> statement-breakpoint
-- Existing titulars become their students' guardians before the titular must be one of them.
INSERT INTO "guardians" ("inscription_id", "person_id", "relationship_id", "created_at", "created_by")
SELECT DISTINCT ON ("inscription_id", "person_id") "inscription_id", "person_id", "relationship_id", "created_at", "created_by"
FROM "titular_assignments" ORDER BY "inscription_id", "person_id", "id" DESC;--> statement-breakpoint
ALTER TABLE "titular_assignments" ADD CONSTRAINT "titular_assignments_guardian_fk" FOREIGN KEY ("inscription_id","person_id") REFERENCES "public"."guardians"("inscription_id","person_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titular_assignments" ADD CONSTRAINT "titular_holder_type_follows_relationship" CHECK ("titular_assignments"."holder_type_id" = CASE "titular_assignments"."relationship_id" WHEN 6 THEN 2 WHEN 7 THEN 3 ELSE 1 END);--> statement-breakpoint
-- Titular history and guardians are never deleted, and a row never changes whom it names.
CREATE FUNCTION holders_keep_history() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION '% keeps its history: rows are not deleted', TG_TABLE_NAME;
  END IF;
  IF NEW.inscription_id <> OLD.inscription_id OR NEW.person_id <> OLD.person_id THEN
    RAISE EXCEPTION '% rows keep their student and person', TG_TABLE_NAME;
  END IF;
  -- Nested, not ANDed: guardians rows have no registered_institution_id to read.
  IF TG_TABLE_NAME = 'titular_assignments' THEN
    IF NEW.registered_institution_id <> OLD.registered_institution_id
        OR (OLD.removed_at IS NOT NULL AND NEW.removed_at IS NULL) THEN
      RAISE EXCEPTION 'a replaced titular stays replaced and keeps the school where it was registered';
    END IF;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER titular_assignments_keep_history BEFORE UPDATE OR DELETE ON "titular_assignments"
  FOR EACH ROW EXECUTE FUNCTION holders_keep_history();--> statement-breakpoint
CREATE TRIGGER guardians_keep_history BEFORE UPDATE OR DELETE ON "guardians"
  FOR EACH ROW EXECUTE FUNCTION holders_keep_history();
