CREATE TABLE "stats_payments_days" (
	"department_id" smallint NOT NULL,
	"paid_on" date NOT NULL,
	"paid" integer NOT NULL,
	CONSTRAINT "stats_payments_days_department_id_paid_on_pk" PRIMARY KEY("department_id","paid_on")
);
--> statement-breakpoint
-- Kept by statement-level triggers with transition tables, like stats_report_cells (0005_reports):
-- refreshStatistics' DELETE and INSERT on stats_payments_daily move the department figures in the
-- same transaction. Zero rows are removed so the table stays small.
CREATE FUNCTION stats_payments_days_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO stats_payments_days AS d (department_id, paid_on, paid)
    SELECT department_id, paid_on, -sum(paid)::int FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (department_id, paid_on) DO UPDATE SET paid = d.paid + excluded.paid;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO stats_payments_days AS d (department_id, paid_on, paid)
    SELECT department_id, paid_on, sum(paid)::int FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (department_id, paid_on) DO UPDATE SET paid = d.paid + excluded.paid;
  END IF;
  DELETE FROM stats_payments_days WHERE paid = 0;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER stats_payments_days_after_insert AFTER INSERT ON stats_payments_daily
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_payments_days_apply();
--> statement-breakpoint
CREATE TRIGGER stats_payments_days_after_update AFTER UPDATE ON stats_payments_daily
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_payments_days_apply();
--> statement-breakpoint
CREATE TRIGGER stats_payments_days_after_delete AFTER DELETE ON stats_payments_daily
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_payments_days_apply();
--> statement-breakpoint
INSERT INTO stats_payments_days (department_id, paid_on, paid)
SELECT department_id, paid_on, sum(paid)::int FROM stats_payments_daily GROUP BY 1, 2 HAVING sum(paid) <> 0;
