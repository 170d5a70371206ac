-- Frozen declarations (issue 12): what each consolidation declared and the PDF it printed, kept byte
-- for byte. Hand-edited after drizzle-kit: the trigger below refuses DELETE, TRUNCATE and every
-- UPDATE except marking the current version superseded, once (a 'Habilitar' reopening).
CREATE TABLE "declarations" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"version" integer NOT NULL,
	"year" integer NOT NULL,
	"data" jsonb NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"verification_code" text NOT NULL,
	"code_hash" text NOT NULL,
	"consolidated_at" timestamp with time zone NOT NULL,
	"consolidated_by" integer,
	"consolidated_by_name" text NOT NULL,
	"stored_at" timestamp with time zone NOT NULL,
	"backfilled" smallint DEFAULT 0 NOT NULL,
	"superseded_at" timestamp with time zone,
	"superseded_by" integer,
	CONSTRAINT "declarations_kind" CHECK ("declarations"."kind" IN (1, 2)),
	CONSTRAINT "declarations_version_positive" CHECK ("declarations"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "declarations_version_unique" ON "declarations" USING btree ("institution_id","kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "declarations_one_current" ON "declarations" USING btree ("institution_id","kind") WHERE superseded_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "declarations_code_hash_unique" ON "declarations" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "declarations_institution_idx" ON "declarations" USING btree ("institution_id");--> statement-breakpoint
CREATE FUNCTION declarations_frozen() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'declarations are frozen: rows are not deleted';
  END IF;
  IF OLD.superseded_at IS NOT NULL OR NEW.superseded_at IS NULL
      OR (NEW.id, NEW.institution_id, NEW.kind, NEW.version, NEW.year, NEW.data, NEW.pdf, NEW.sha256,
          NEW.file_name, NEW.verification_code, NEW.code_hash, NEW.consolidated_at, NEW.consolidated_by,
          NEW.consolidated_by_name, NEW.stored_at, NEW.backfilled)
         IS DISTINCT FROM (OLD.id, OLD.institution_id, OLD.kind, OLD.version, OLD.year, OLD.data, OLD.pdf,
          OLD.sha256, OLD.file_name, OLD.verification_code, OLD.code_hash, OLD.consolidated_at,
          OLD.consolidated_by, OLD.consolidated_by_name, OLD.stored_at, OLD.backfilled) THEN
    RAISE EXCEPTION 'a stored declaration is only ever marked superseded, once';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER declarations_frozen BEFORE UPDATE OR DELETE ON "declarations"
  FOR EACH ROW EXECUTE FUNCTION declarations_frozen();--> statement-breakpoint
CREATE TRIGGER declarations_no_truncate BEFORE TRUNCATE ON "declarations"
  FOR EACH STATEMENT EXECUTE FUNCTION declarations_frozen();
