CREATE TABLE "stats_institutions" (
	"department_id" smallint NOT NULL,
	"district_id" integer NOT NULL,
	"dependency" smallint NOT NULL,
	"area" char(1) NOT NULL,
	"institutions" integer NOT NULL,
	"consolidated" integer NOT NULL,
	CONSTRAINT "stats_institutions_district_id_dependency_area_pk" PRIMARY KEY("district_id","dependency","area")
);
--> statement-breakpoint
CREATE TABLE "stats_report_cells" (
	"department_id" smallint NOT NULL,
	"dependency" smallint NOT NULL,
	"area" char(1) NOT NULL,
	"level_id" smallint NOT NULL,
	"grade_id" smallint NOT NULL,
	"total" integer NOT NULL,
	"paid" integer NOT NULL,
	CONSTRAINT "stats_report_cells_department_id_dependency_area_level_id_grade_id_pk" PRIMARY KEY("department_id","dependency","area","level_id","grade_id")
);
--> statement-breakpoint
CREATE INDEX "stats_institutions_department_idx" ON "stats_institutions" USING btree ("department_id");--> statement-breakpoint
-- Report rollups kept by statement-level triggers with transition tables: whatever statement changes
-- the district summaries or the schools (refreshStatistics, a consolidation, the seed) adds or takes
-- its rows' figures in the same transaction. Zero rows are removed so the tables stay small.
CREATE FUNCTION stats_report_cells_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO stats_report_cells AS c (department_id, dependency, area, level_id, grade_id, total, paid)
    SELECT department_id, dependency, area, level_id, grade_id, -sum(total)::int, -sum(paid)::int
    FROM old_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (department_id, dependency, area, level_id, grade_id)
    DO UPDATE SET total = c.total + excluded.total, paid = c.paid + excluded.paid;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO stats_report_cells AS c (department_id, dependency, area, level_id, grade_id, total, paid)
    SELECT department_id, dependency, area, level_id, grade_id, sum(total)::int, sum(paid)::int
    FROM new_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (department_id, dependency, area, level_id, grade_id)
    DO UPDATE SET total = c.total + excluded.total, paid = c.paid + excluded.paid;
  END IF;
  DELETE FROM stats_report_cells WHERE total = 0 AND paid = 0;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER stats_report_cells_after_insert AFTER INSERT ON stats_beneficiaries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_report_cells_apply();
--> statement-breakpoint
CREATE TRIGGER stats_report_cells_after_update AFTER UPDATE ON stats_beneficiaries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_report_cells_apply();
--> statement-breakpoint
CREATE TRIGGER stats_report_cells_after_delete AFTER DELETE ON stats_beneficiaries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_report_cells_apply();
--> statement-breakpoint
CREATE FUNCTION stats_institutions_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO stats_institutions AS s (department_id, district_id, dependency, area, institutions, consolidated)
    SELECT department_id, district_id, dependency, area, -count(*)::int, -count(holders_consolidated_at)::int
    FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4
    ON CONFLICT (district_id, dependency, area)
    DO UPDATE SET institutions = s.institutions + excluded.institutions, consolidated = s.consolidated + excluded.consolidated;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO stats_institutions AS s (department_id, district_id, dependency, area, institutions, consolidated)
    SELECT department_id, district_id, dependency, area, count(*)::int, count(holders_consolidated_at)::int
    FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4
    ON CONFLICT (district_id, dependency, area)
    DO UPDATE SET institutions = s.institutions + excluded.institutions, consolidated = s.consolidated + excluded.consolidated;
  END IF;
  DELETE FROM stats_institutions WHERE institutions = 0;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER stats_institutions_after_insert AFTER INSERT ON institutions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_institutions_apply();
--> statement-breakpoint
CREATE TRIGGER stats_institutions_after_update AFTER UPDATE ON institutions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_institutions_apply();
--> statement-breakpoint
CREATE TRIGGER stats_institutions_after_delete AFTER DELETE ON institutions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_institutions_apply();
--> statement-breakpoint
INSERT INTO stats_report_cells (department_id, dependency, area, level_id, grade_id, total, paid)
SELECT department_id, dependency, area, level_id, grade_id, sum(total)::int, sum(paid)::int
FROM stats_beneficiaries GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO stats_institutions (department_id, district_id, dependency, area, institutions, consolidated)
SELECT department_id, district_id, dependency, area, count(*)::int, count(holders_consolidated_at)::int
FROM institutions GROUP BY 1, 2, 3, 4;
