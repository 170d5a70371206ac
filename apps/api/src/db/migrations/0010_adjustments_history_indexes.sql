DROP INDEX "titular_adjustments_created_idx";--> statement-breakpoint
DROP INDEX "titular_adjustments_institution_idx";--> statement-breakpoint
DROP INDEX "titular_adjustments_department_idx";--> statement-breakpoint
DROP INDEX "titular_adjustments_rude_idx";--> statement-breakpoint
CREATE INDEX "titular_adjustments_carnet_idx" ON "titular_adjustments" USING btree ("titular_carnet" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "titular_adjustments_created_idx" ON "titular_adjustments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "titular_adjustments_institution_idx" ON "titular_adjustments" USING btree ("institution_id","created_at","id");--> statement-breakpoint
CREATE INDEX "titular_adjustments_department_idx" ON "titular_adjustments" USING btree ("department_id","created_at","id");--> statement-breakpoint
CREATE INDEX "titular_adjustments_rude_idx" ON "titular_adjustments" USING btree ("rude" text_pattern_ops);