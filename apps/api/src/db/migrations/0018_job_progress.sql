-- Long work as jobs (apps/api/src/jobs): state, progress and result of each, shared by every instance.
CREATE TABLE "job_progress" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"singleton_key" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"result" jsonb,
	"error" text,
	"user_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"worker" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_progress_one_unfinished" ON "job_progress" USING btree ("singleton_key") WHERE "job_progress"."state" IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX "job_progress_kind_created" ON "job_progress" USING btree ("kind","created_at");