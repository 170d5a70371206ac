DROP INDEX "event_enrollments_document";--> statement-breakpoint
ALTER TABLE "event_enrollments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_enrollments" ADD COLUMN "cancelled_by" integer;--> statement-breakpoint
ALTER TABLE "event_enrollments" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "event_enrollments" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(first_last_name || ' ' || second_last_name || ' ' || name || ' ' || document || ' ' || complement, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun'))) STORED;--> statement-breakpoint
ALTER TABLE "event_enrollments" ADD CONSTRAINT "event_enrollments_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_enrollments_event_created_idx" ON "event_enrollments" USING btree ("event_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"cancelled_at");--> statement-breakpoint
CREATE INDEX "event_enrollments_cancelled_idx" ON "event_enrollments" USING btree ("event_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "event_enrollments"."cancelled_at" is not null;--> statement-breakpoint
CREATE INDEX "event_enrollments_event_department_idx" ON "event_enrollments" USING btree ("event_id","department","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"cancelled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_enrollments_document" ON "event_enrollments" USING btree ("event_id","document","complement") WHERE "event_enrollments"."cancelled_at" is null;