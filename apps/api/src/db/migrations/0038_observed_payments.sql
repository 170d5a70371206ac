-- 'Pagos observados' (issue 33 §4, decision 059) reads who was titular on each payment's day, for the
-- payments of one place: every assignment of those inscriptions, removed ones included. The partial
-- unique index covers the current titular only, so without this one each request read the whole table.
CREATE INDEX "titular_inscription_idx" ON "titular_assignments" USING btree ("inscription_id","created_at");
