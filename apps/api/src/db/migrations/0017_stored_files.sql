-- Uploaded files in the database when the application runs on a PostgreSQL server (issue 14: several
-- instances, no shared disk); with PGlite they stay under DATA_DIR. Images and PDFs are compressed
-- already: EXTERNAL keeps them out of line without a futile compression attempt.
CREATE TABLE "stored_file" (
	"key" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_file" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
