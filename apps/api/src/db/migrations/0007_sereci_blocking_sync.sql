CREATE TABLE "student_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"inscription_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"titular_id" integer,
	"person_id" integer,
	"blocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_by" integer,
	"observation" text NOT NULL,
	"unblocked_at" timestamp with time zone,
	"unblocked_by" integer,
	"unblock_observation" text,
	CONSTRAINT "student_blocks_unblock_complete" CHECK (("student_blocks"."unblocked_at" IS NULL) = ("student_blocks"."unblock_observation" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "sereci_validations" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"inscription_id" integer,
	"oficialia" text NOT NULL,
	"libro" text NOT NULL,
	"partida" text NOT NULL,
	"folio" text NOT NULL,
	"validated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"validated_by" integer
);
--> statement-breakpoint
CREATE TABLE "student_certificates" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"oficialia" text NOT NULL,
	"libro" text NOT NULL,
	"partida" text NOT NULL,
	"folio" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"user_id" integer,
	"beneficiaries" integer NOT NULL,
	"received" integer NOT NULL,
	"inserted" integer NOT NULL,
	"updated" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_batch_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"inscription_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source_id" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"titular_carnet" text,
	"beneficiary_name" text DEFAULT '' NOT NULL,
	CONSTRAINT "sync_batch_items_source" UNIQUE("batch_id","kind","source_id")
);
--> statement-breakpoint
CREATE TABLE "sync_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"is_send" boolean DEFAULT false NOT NULL,
	"sended_at" timestamp with time zone,
	"sended_by" integer,
	"is_send_change" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone,
	"changed_by" integer,
	"is_send_copy" boolean DEFAULT false NOT NULL,
	"copied_at" timestamp with time zone,
	"copied_by" integer,
	"item_count" integer DEFAULT 0 NOT NULL,
	"copy_count" integer DEFAULT 0 NOT NULL,
	"cut" text,
	CONSTRAINT "sync_batches_day_unique" UNIQUE("day"),
	CONSTRAINT "sync_batches_change_after_send" CHECK (NOT "sync_batches"."is_send_change" OR "sync_batches"."is_send"),
	CONSTRAINT "sync_batches_copy_after_change" CHECK (NOT "sync_batches"."is_send_copy" OR "sync_batches"."is_send_change")
);
--> statement-breakpoint
CREATE TABLE "sync_copy_items" (
	"item_id" bigint PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"cut" text NOT NULL,
	"rude" text NOT NULL,
	"beneficiary_name" text NOT NULL,
	"status" text NOT NULL,
	"observation" text
);
--> statement-breakpoint
ALTER TABLE "student_blocks" ADD CONSTRAINT "student_blocks_inscription_id_inscriptions_id_fk" FOREIGN KEY ("inscription_id") REFERENCES "public"."inscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_blocks" ADD CONSTRAINT "student_blocks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_blocks" ADD CONSTRAINT "student_blocks_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sereci_validations" ADD CONSTRAINT "sereci_validations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sereci_validations" ADD CONSTRAINT "sereci_validations_inscription_id_inscriptions_id_fk" FOREIGN KEY ("inscription_id") REFERENCES "public"."inscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_certificates" ADD CONSTRAINT "student_certificates_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_batch_items" ADD CONSTRAINT "sync_batch_items_batch_id_sync_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."sync_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_copy_items" ADD CONSTRAINT "sync_copy_items_item_id_sync_batch_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."sync_batch_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_copy_items" ADD CONSTRAINT "sync_copy_items_batch_id_sync_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."sync_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "student_blocks_one_open" ON "student_blocks" USING btree ("inscription_id") WHERE unblocked_at is null;--> statement-breakpoint
CREATE INDEX "student_blocks_student_idx" ON "student_blocks" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "student_blocks_blocked_at_idx" ON "student_blocks" USING btree ("blocked_at");--> statement-breakpoint
CREATE INDEX "student_blocks_unblocked_at_idx" ON "student_blocks" USING btree ("unblocked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sereci_validations_student" ON "sereci_validations" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "sereci_validations_validated_at_idx" ON "sereci_validations" USING btree ("validated_at");--> statement-breakpoint
CREATE INDEX "sync_batch_items_student_idx" ON "sync_batch_items" USING btree ("student_id");