CREATE TABLE "enrollment_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"enrollment_id" bigint NOT NULL,
	"field_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"original_name" text NOT NULL,
	CONSTRAINT "enrollment_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "enrollment_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"definition" jsonb NOT NULL,
	"state" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_enrollments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"document" text NOT NULL,
	"complement" text DEFAULT '' NOT NULL,
	"nationality" smallint NOT NULL,
	"first_last_name" text NOT NULL,
	"second_last_name" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"job" text NOT NULL,
	"institution" text NOT NULL,
	"position" text NOT NULL,
	"birth_date" date NOT NULL,
	"department" text NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_files" (
	"event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"original_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_files_event_id_kind_pk" PRIMARY KEY("event_id","kind"),
	CONSTRAINT "event_files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "event_files_kind" CHECK ("event_files"."kind" in ('banner', 'poster', 'regulation'))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"detail" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"duration" integer NOT NULL,
	"place_id" integer NOT NULL,
	"kind_event_id" integer NOT NULL,
	"enrollment_form_id" integer NOT NULL,
	"minimum" integer NOT NULL,
	"maximum" integer NOT NULL,
	"with_limit_control" boolean DEFAULT true NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"inbox" smallint DEFAULT 0 NOT NULL,
	"enrolled" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" integer,
	"sent_at" timestamp with time zone,
	"concluded_by" integer,
	"concluded_at" timestamp with time zone,
	CONSTRAINT "events_state_valid" CHECK ("events"."state" in (1, 2, 3)),
	CONSTRAINT "events_dates_ordered" CHECK ("events"."ends_on" >= "events"."starts_on"),
	CONSTRAINT "events_limits_valid" CHECK ("events"."minimum" >= 0 and "events"."maximum" >= "events"."minimum"),
	CONSTRAINT "events_enrolled_within_maximum" CHECK ("events"."enrolled" >= 0 and (not "events"."with_limit_control" or "events"."enrolled" <= "events"."maximum"))
);
--> statement-breakpoint
CREATE TABLE "institution_enrollment_participants" (
	"enrollment_id" integer NOT NULL,
	"inscription_id" integer NOT NULL,
	CONSTRAINT "institution_enrollment_participants_enrollment_id_inscription_id_pk" PRIMARY KEY("enrollment_id","inscription_id")
);
--> statement-breakpoint
CREATE TABLE "institution_enrollments" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"capacity" integer NOT NULL,
	"reference" date NOT NULL,
	"state" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enrollment_files" ADD CONSTRAINT "enrollment_files_enrollment_id_event_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."event_enrollments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_forms" ADD CONSTRAINT "enrollment_forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_enrollments" ADD CONSTRAINT "event_enrollments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_files" ADD CONSTRAINT "event_files_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_kind_event_id_periods_id_fk" FOREIGN KEY ("kind_event_id") REFERENCES "public"."periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_enrollment_form_id_enrollment_forms_id_fk" FOREIGN KEY ("enrollment_form_id") REFERENCES "public"."enrollment_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_concluded_by_users_id_fk" FOREIGN KEY ("concluded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_enrollment_participants" ADD CONSTRAINT "institution_enrollment_participants_enrollment_id_institution_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."institution_enrollments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_enrollment_participants" ADD CONSTRAINT "institution_enrollment_participants_inscription_id_inscriptions_id_fk" FOREIGN KEY ("inscription_id") REFERENCES "public"."inscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_enrollments" ADD CONSTRAINT "institution_enrollments_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_enrollments" ADD CONSTRAINT "institution_enrollments_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_enrollments" ADD CONSTRAINT "institution_enrollments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_enrollments" ADD CONSTRAINT "institution_enrollments_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollment_files_enrollment_idx" ON "enrollment_files" USING btree ("enrollment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_enrollments_document" ON "event_enrollments" USING btree ("event_id","document","complement");--> statement-breakpoint
CREATE INDEX "events_state_idx" ON "events" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "institution_enrollments_unique" ON "institution_enrollments" USING btree ("period_id","institution_id");