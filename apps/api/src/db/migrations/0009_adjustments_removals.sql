CREATE TABLE "titular_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"inscription_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"institution_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"department_id" smallint NOT NULL,
	"kind" text NOT NULL,
	"rude" text NOT NULL,
	"student_name" text NOT NULL,
	"person_id" integer,
	"titular_carnet" text DEFAULT '' NOT NULL,
	"titular_name" text DEFAULT '' NOT NULL,
	"holder_type_id" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"reenabled_at" timestamp with time zone,
	"reenabled_by" integer
);
--> statement-breakpoint
CREATE TABLE "beneficiary_removals" (
	"id" serial PRIMARY KEY NOT NULL,
	"inscription_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"institution_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"department_id" smallint NOT NULL,
	"source" text NOT NULL,
	"rude" text NOT NULL,
	"student_name" text NOT NULL,
	"titular_carnet" text,
	"titular_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "titular_adjustments" ADD CONSTRAINT "titular_adjustments_inscription_id_inscriptions_id_fk" FOREIGN KEY ("inscription_id") REFERENCES "public"."inscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titular_adjustments" ADD CONSTRAINT "titular_adjustments_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titular_adjustments" ADD CONSTRAINT "titular_adjustments_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary_removals" ADD CONSTRAINT "beneficiary_removals_inscription_id_inscriptions_id_fk" FOREIGN KEY ("inscription_id") REFERENCES "public"."inscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary_removals" ADD CONSTRAINT "beneficiary_removals_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "titular_adjustments_once" ON "titular_adjustments" USING btree ("inscription_id","year") WHERE reenabled_at is null;--> statement-breakpoint
CREATE INDEX "titular_adjustments_created_idx" ON "titular_adjustments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "titular_adjustments_institution_idx" ON "titular_adjustments" USING btree ("institution_id","created_at");--> statement-breakpoint
CREATE INDEX "titular_adjustments_department_idx" ON "titular_adjustments" USING btree ("department_id","created_at");--> statement-breakpoint
CREATE INDEX "titular_adjustments_rude_idx" ON "titular_adjustments" USING btree ("rude");--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiary_removals_inscription" ON "beneficiary_removals" USING btree ("inscription_id");--> statement-breakpoint
CREATE INDEX "beneficiary_removals_department_idx" ON "beneficiary_removals" USING btree ("department_id","created_at");--> statement-breakpoint
CREATE INDEX "beneficiary_removals_institution_idx" ON "beneficiary_removals" USING btree ("institution_id","created_at");