CREATE TABLE "institution_enablings" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"reason" text NOT NULL,
	"previous_consolidated_at" timestamp with time zone NOT NULL,
	"paid_consolidation_id" integer,
	"enabled_at" timestamp with time zone NOT NULL,
	"enabled_by" integer NOT NULL,
	CONSTRAINT "institution_enabling_kind" CHECK ("institution_enablings"."kind" IN (1, 2)),
	CONSTRAINT "institution_enabling_reason" CHECK (length(btrim("institution_enablings"."reason")) >= 10)
);
--> statement-breakpoint
CREATE TABLE "paid_validation_consolidations" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"consolidated_at" timestamp with time zone NOT NULL,
	"consolidated_by" integer NOT NULL,
	"students" integer NOT NULL,
	"delivered" integer NOT NULL,
	"undelivered" integer NOT NULL,
	"amount_per_student" integer NOT NULL,
	"reopened_at" timestamp with time zone,
	"reopened_by" integer,
	CONSTRAINT "paid_consolidation_counts" CHECK ("paid_validation_consolidations"."delivered" + "paid_validation_consolidations"."undelivered" = "paid_validation_consolidations"."students")
);
--> statement-breakpoint
CREATE TABLE "paid_validations" (
	"inscription_id" integer PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"is_paid" boolean NOT NULL,
	"observation" text,
	"validated_at" timestamp with time zone NOT NULL,
	"validated_by" integer NOT NULL,
	CONSTRAINT "paid_validation_observation_rule" CHECK (("paid_validations"."is_paid" AND "paid_validations"."observation" IS NULL) OR (NOT "paid_validations"."is_paid" AND length(btrim("paid_validations"."observation")) > 0))
);
--> statement-breakpoint
ALTER TABLE "institution_enablings" ADD CONSTRAINT "institution_enablings_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_enablings" ADD CONSTRAINT "institution_enablings_paid_consolidation_id_paid_validation_consolidations_id_fk" FOREIGN KEY ("paid_consolidation_id") REFERENCES "public"."paid_validation_consolidations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paid_validation_consolidations" ADD CONSTRAINT "paid_validation_consolidations_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paid_validations" ADD CONSTRAINT "paid_validations_inscription_id_inscriptions_id_fk" FOREIGN KEY ("inscription_id") REFERENCES "public"."inscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paid_validations" ADD CONSTRAINT "paid_validations_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paid_validations" ADD CONSTRAINT "paid_validations_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "institution_enablings_institution_idx" ON "institution_enablings" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "institution_enablings_enabled_at_idx" ON "institution_enablings" USING btree ("enabled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "paid_consolidation_one_open" ON "paid_validation_consolidations" USING btree ("institution_id") WHERE reopened_at is null;--> statement-breakpoint
CREATE INDEX "paid_validations_institution_idx" ON "paid_validations" USING btree ("institution_id");--> statement-breakpoint
CREATE FUNCTION paid_consolidations_keep_history() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'paid_validation_consolidations keeps its history: rows are not deleted';
  END IF;
  -- The only change: reopening an open consolidation once (an administrator's enabling).
  IF OLD.reopened_at IS NOT NULL OR NEW.reopened_at IS NULL
      OR (NEW.institution_id, NEW.consolidated_at, NEW.consolidated_by, NEW.students, NEW.delivered,
          NEW.undelivered, NEW.amount_per_student)
         IS DISTINCT FROM (OLD.institution_id, OLD.consolidated_at, OLD.consolidated_by, OLD.students,
          OLD.delivered, OLD.undelivered, OLD.amount_per_student) THEN
    RAISE EXCEPTION 'a paid-validation consolidation is only ever reopened, once';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER paid_consolidations_keep_history BEFORE UPDATE OR DELETE ON "paid_validation_consolidations"
  FOR EACH ROW EXECUTE FUNCTION paid_consolidations_keep_history();--> statement-breakpoint
CREATE FUNCTION institution_enablings_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'institution_enablings is append-only';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER institution_enablings_append_only BEFORE UPDATE OR DELETE ON "institution_enablings"
  FOR EACH ROW EXECUTE FUNCTION institution_enablings_append_only();--> statement-breakpoint
-- Consolidation closes the operation for good: whatever path writes a validation, the database
-- refuses it while the school has an open consolidation. Validations are never deleted.
CREATE FUNCTION paid_validations_only_while_open() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'paid_validations rows are not deleted';
  END IF;
  IF EXISTS (SELECT 1 FROM paid_validation_consolidations c
             WHERE c.institution_id = NEW.institution_id AND c.reopened_at IS NULL) THEN
    RAISE EXCEPTION 'the paid validation of institution % is consolidated', NEW.institution_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER paid_validations_only_while_open BEFORE INSERT OR UPDATE OR DELETE ON "paid_validations"
  FOR EACH ROW EXECUTE FUNCTION paid_validations_only_while_open();
