-- File imports (issue 18): one row per uploaded file, from the dry run to the confirmation job.
CREATE TABLE "file_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"format" text NOT NULL,
	"encoding" text NOT NULL,
	"file_key" text NOT NULL,
	"chunks" integer NOT NULL,
	"errors_key" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'checked' NOT NULL,
	"counts" jsonb NOT NULL,
	"result" jsonb,
	"job_id" text,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "file_imports_created_idx" ON "file_imports" USING btree ("created_at");