-- The roll import's staging table without its index (issue 18): its questions are hash joins and
-- aggregates over all the import's rows; keeping the B-tree while 2.3 million rows load cost more than the load.
DROP INDEX "roll_staging_import_rude_idx";
