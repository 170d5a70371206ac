CREATE TABLE "closed_years" (
	"year" smallint PRIMARY KEY NOT NULL,
	"amount_per_student" integer NOT NULL,
	"director_deadline" date NOT NULL,
	"calendar_start" date NOT NULL,
	"registration_period_id" integer NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" integer
);
--> statement-breakpoint
ALTER TABLE "closed_years" ADD CONSTRAINT "closed_years_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;