-- Declaration versions counted per programme year (decision 042): a school's first declaration of a
-- year is 'versión 1' again. Stored rows keep their numbers (the trigger of 0015 freezes them and
-- their PDFs print them); they were unique per (school, kind), so they are unique per year too.
DROP INDEX "declarations_version_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "declarations_version_unique" ON "declarations" USING btree ("institution_id","kind","year","version");
