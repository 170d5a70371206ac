-- The roll being imported (issue 18), loaded by the dry run, merged by the confirmation, deleted after.
-- UNLOGGED: a crash loses only rows the import reads again from its stored file.
CREATE UNLOGGED TABLE "roll_staging" (
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"level_id" smallint NOT NULL,
	"grade_id" smallint NOT NULL,
	"parallel_id" smallint NOT NULL,
	"shift_id" smallint NOT NULL,
	"rude" text NOT NULL,
	"first_last_name" text NOT NULL,
	"second_last_name" text NOT NULL,
	"name" text NOT NULL,
	"gender" smallint NOT NULL,
	"birth_date" date NOT NULL,
	"document_number" text,
	"document_complement" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_imports" ADD COLUMN "year" smallint;--> statement-breakpoint
ALTER TABLE "file_imports" ADD COLUMN "error_list" jsonb;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD COLUMN "withdrawn_import_id" integer;--> statement-breakpoint
CREATE INDEX "roll_staging_import_rude_idx" ON "roll_staging" USING btree ("import_id","rude");