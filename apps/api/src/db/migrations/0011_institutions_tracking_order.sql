DROP INDEX "institutions_district_idx";--> statement-breakpoint
DROP INDEX "institutions_department_idx";--> statement-breakpoint
CREATE INDEX "institutions_district_name_idx" ON "institutions" USING btree ("district_id","name","id");--> statement-breakpoint
CREATE INDEX "institutions_department_district_name_idx" ON "institutions" USING btree ("department_id","district_id","name","id");