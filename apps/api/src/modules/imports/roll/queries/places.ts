import type { DistrictRow, InstitutionRow } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';
import { rows } from '../../../../db/rows.js';

/**
 * The roll's districts and schools (docs/imports.md): classified and written a batch at a time from
 * the file's rows, as the payment file is.
 */

export type Verdict = 'new' | 'changed' | 'unchanged';

const json = (value: unknown) => JSON.stringify(value);

// ——— districts ———

/** Each district row: new, changed (its name), unchanged, or an error (another department). */
export async function classifyDistricts(db: Executor, batch: Array<DistrictRow & { line: number }>) {
  const input = batch.map((r) => ({
    line: r.line,
    id: r.COD_DISTRITO,
    dep: r.COD_DEPARTAMENTO,
    name: r.DISTRITO,
  }));
  return rows<{ line: number; verdict: Verdict | 'otherDepartment' }>(
    db,
    sql`
    SELECT x.line,
      CASE WHEN d.id IS NULL THEN 'new'
        WHEN d.department_id <> x.dep THEN 'otherDepartment'
        WHEN d.name IS DISTINCT FROM x.name THEN 'changed'
        ELSE 'unchanged' END AS verdict
    FROM json_to_recordset(${json(input)}::json) AS x(line int, id int, dep int, name text)
    LEFT JOIN districts d ON d.id = x.id`,
  );
}

export async function writeDistricts(db: Executor, batch: Array<DistrictRow & { line: number }>) {
  const input = batch.map((r) => ({ id: r.COD_DISTRITO, dep: r.COD_DEPARTAMENTO, name: r.DISTRITO }));
  await db.execute(sql`
    INSERT INTO districts (id, department_id, name)
    SELECT x.id, x.dep, x.name FROM json_to_recordset(${json(input)}::json) AS x(id int, dep int, name text)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name
    WHERE districts.department_id = excluded.department_id AND districts.name IS DISTINCT FROM excluded.name`);
}

// ——— institutions ———

const institutionInput = (batch: Array<InstitutionRow & { line: number }>) =>
  json(
    batch.map((r) => ({
      line: r.line,
      id: r.SIE,
      name: r.NOMBRE,
      code_type: r.TIPO,
      dependency: r.DEPENDENCIA,
      area: r.AREA,
      subsystem: r.SUBSISTEMA,
      district_id: r.COD_DISTRITO,
    })),
  );

const institutionRecord = sql`AS x(line int, id int, name text, code_type int, dependency int, area text, subsystem text, district_id int)`;

/** Each institution row: new, changed, unchanged, or an error (a district the console does not have). */
export async function classifyInstitutions(db: Executor, batch: Array<InstitutionRow & { line: number }>) {
  return rows<{ line: number; verdict: Verdict | 'unknownDistrict' }>(
    db,
    sql`
    SELECT x.line,
      CASE WHEN d.id IS NULL THEN 'unknownDistrict'
        WHEN i.id IS NULL THEN 'new'
        WHEN (i.name, i.code_type, i.dependency, i.area, i.subsystem, i.district_id)
          IS DISTINCT FROM (x.name, x.code_type, x.dependency, x.area, x.subsystem, x.district_id) THEN 'changed'
        ELSE 'unchanged' END AS verdict
    FROM json_to_recordset(${institutionInput(batch)}::json) ${institutionRecord}
    LEFT JOIN districts d ON d.id = x.district_id
    LEFT JOIN institutions i ON i.id = x.id`,
  );
}

/** Writes the batch's valid rows (a row with an unknown district is skipped by the join). */
export async function writeInstitutions(db: Executor, batch: Array<InstitutionRow & { line: number }>) {
  await db.execute(sql`
    INSERT INTO institutions (id, name, code_type, dependency, area, subsystem, district_id, department_id)
    SELECT x.id, x.name, x.code_type, x.dependency, x.area, x.subsystem, x.district_id, d.department_id
    FROM json_to_recordset(${institutionInput(batch)}::json) ${institutionRecord}
    JOIN districts d ON d.id = x.district_id
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, code_type = excluded.code_type,
      dependency = excluded.dependency, area = excluded.area, subsystem = excluded.subsystem,
      district_id = excluded.district_id, department_id = excluded.department_id
    WHERE (institutions.name, institutions.code_type, institutions.dependency, institutions.area,
        institutions.subsystem, institutions.district_id)
      IS DISTINCT FROM (excluded.name, excluded.code_type, excluded.dependency, excluded.area,
        excluded.subsystem, excluded.district_id)`);
}
