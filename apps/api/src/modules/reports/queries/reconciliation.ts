// The one statement of 'Conciliación Banco – DDJJ': summary, schools and one page of rows.
import { type ReconciliationState, reconciliationStates } from '@bjp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { firstRow } from '../../../db/rows.js';

/** The place a reconciliation is asked for. */
export type ReconciliationRef =
  | { level: 'national' }
  | { level: 'department'; id: number }
  | { level: 'district'; id: number }
  | { level: 'institution'; id: number };

function inPlace(ref: ReconciliationRef): SQL {
  switch (ref.level) {
    case 'national':
      return sql`true`;
    case 'department':
      return sql`i.department_id = ${ref.id}`;
    case 'district':
      return sql`i.district_id = ${ref.id}`;
    default:
      return sql`i.id = ${ref.id}`;
  }
}

const stateList = sql.join(
  reconciliationStates.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * The discrepancies of a place, as CTEs `schools` and `discrepancies`. Every discrepancy is in a
 * school whose paid validation is consolidated (a declaration in force) and concerns either a student
 * the school declared (a paid_validations row) whose declaration the bank contradicts
 * (DECLARADO_SIN_PAGO, NO_PAGADO_DECLARADO), or a student without a declaration paid by the bank to an
 * active teacher or director titular (PAGADO_SIN_DECLARAR). Those candidates come from the
 * consolidated schools' validations and staff titulars, never from a scan of the view over the
 * 2.3 M inscriptions; the state itself is the view's (student_bonus, the one payment truth), read per
 * candidate: the LATERAL … OFFSET 0 keeps the planner from joining the whole view instead of looking
 * each candidate up by inscription (docs in the report of this change: EXPLAIN at national scale).
 * A validation is written under its inscription's school and inscriptions never change school, so
 * `v.institution_id` is the school the view consolidates by.
 */
function discrepanciesSql(ref: ReconciliationRef, year: number, amount: number): SQL {
  return sql`
    schools AS (
      SELECT c.institution_id FROM paid_validation_consolidations c
      JOIN institutions i ON i.id = c.institution_id
      WHERE c.reopened_at IS NULL AND c.year = ${year} AND ${inPlace(ref)}
    ),
    candidates AS (
      SELECT v.inscription_id FROM schools s
      JOIN paid_validations v ON v.institution_id = s.institution_id
      LEFT JOIN payments p ON p.inscription_id = v.inscription_id
      WHERE v.is_paid IS DISTINCT FROM coalesce(p.paid, false)
      UNION ALL
      SELECT n.id FROM schools s
      JOIN inscriptions n ON n.institution_id = s.institution_id AND n.year = ${year} AND n.removed_at IS NULL
      JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
        AND t.holder_type_id IN (2, 3)
      JOIN payments p ON p.inscription_id = n.id AND p.paid
      WHERE NOT EXISTS (SELECT 1 FROM paid_validations v WHERE v.inscription_id = n.id)
    ),
    discrepancies AS MATERIALIZED (
      SELECT b.inscription_id, b.institution_id, b.student_id, b.state, b.bank_paid, b.paid_on,
        b.declared_delivered, coalesce(b.declared_amount, ${amount})::int AS amount
      FROM candidates x
      CROSS JOIN LATERAL (
        SELECT * FROM student_bonus sb WHERE sb.inscription_id = x.inscription_id OFFSET 0
      ) b
      WHERE b.year = ${year} AND b.state IN (${stateList})
    )`;
}

type RawFigure = { state: ReconciliationState; students: number; amount: number | string };
export type RawRow = {
  department_name: string;
  district_id: number;
  district_name: string;
  sie: number;
  school_name: string;
  rude: string;
  student_name: string;
  level_id: number;
  grade_id: number;
  parallel_id: number;
  shift_id: number;
  titular_carnet: string | null;
  titular_name: string | null;
  titular_type: string | null;
  bank_paid: boolean;
  paid_on: string | null;
  bank: string | null;
  mode: string | null;
  declared_delivered: boolean | null;
  declaration_version: number | null;
  declaration_at: string | null;
  state: ReconciliationState;
  amount: number;
};
export type Raw = { schools: number; figures: RawFigure[]; rows: RawRow[] };

/** JSON columns arrive parsed from node-postgres and, on some versions, as text from PGlite. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * One statement for the summary and the rows, so the discrepancies are found once per request. The
 * rows are in the report's order (department, district, school, student); the page is chosen on
 * those keys alone, and titular, payment and declaration are joined for its rows only. The
 * declaration's verification code is never read: version and date identify it on screen and paper.
 */
export async function query(
  db: Executor,
  ref: ReconciliationRef,
  year: number,
  amount: number,
  rows: { state?: ReconciliationState; limit?: number; offset: number },
): Promise<Raw> {
  const limit = rows.limit === undefined ? sql`` : sql`LIMIT ${rows.limit} OFFSET ${rows.offset}`;
  const raw = (await firstRow<Raw>(
    db,
    sql`WITH ${discrepanciesSql(ref, year, amount)},
    figures AS (
      SELECT state, count(*)::int AS students, coalesce(sum(amount), 0)::bigint AS amount
      FROM discrepancies GROUP BY state
    ),
    page AS (
      SELECT d.*, i.department_id, i.district_id, i.name AS school_name,
        s.rude, s.first_last_name, s.second_last_name, s.name AS student_first_name
      FROM discrepancies d
      JOIN institutions i ON i.id = d.institution_id
      JOIN students s ON s.id = d.student_id
      ${rows.state ? sql`WHERE d.state = ${rows.state}` : sql``}
      ORDER BY i.department_id, i.district_id, i.name, i.id, s.first_last_name, s.second_last_name,
        s.name, d.inscription_id
      ${limit}
    ),
    detail AS (
      SELECT g.department_id, dp.name AS department_name, g.district_id, di.name AS district_name,
        g.institution_id AS sie, g.school_name, g.rude, g.first_last_name, g.second_last_name,
        g.student_first_name, g.inscription_id,
        trim(concat_ws(' ', nullif(g.first_last_name, ''), nullif(g.second_last_name, ''), g.student_first_name))
          AS student_name,
        co.level_id, co.grade_id, co.parallel_id, co.shift_id,
        CASE WHEN pe.id IS NULL THEN NULL WHEN pe.complemento = '' THEN pe.carnet
          ELSE pe.carnet || '-' || pe.complemento END AS titular_carnet,
        nullif(trim(concat_ws(' ', pe.first_last_name, pe.second_last_name, pe.name)), '') AS titular_name,
        ht.name AS titular_type,
        g.bank_paid, g.paid_on::text AS paid_on, p.bank, p.mode, g.declared_delivered,
        dc.version AS declaration_version,
        -- A school consolidated before declarations were stored has its copy stored at the first
        -- download: until then the consolidation's own date stands for it.
        to_char(coalesce(dc.consolidated_at, pc.consolidated_at) AT TIME ZONE 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS declaration_at,
        g.state, g.amount
      FROM page g
      JOIN departments dp ON dp.id = g.department_id
      JOIN districts di ON di.id = g.district_id
      JOIN inscriptions n ON n.id = g.inscription_id
      JOIN courses co ON co.id = n.course_id
      LEFT JOIN titular_assignments t ON t.inscription_id = g.inscription_id AND t.removed_at IS NULL
      LEFT JOIN persons pe ON pe.id = t.person_id
      LEFT JOIN holder_types ht ON ht.id = t.holder_type_id
      LEFT JOIN payments p ON p.inscription_id = g.inscription_id
      LEFT JOIN declarations dc ON dc.institution_id = g.institution_id AND dc.kind = 1
        AND dc.year = n.year AND dc.superseded_at IS NULL
      LEFT JOIN paid_validation_consolidations pc ON pc.institution_id = g.institution_id
        AND pc.year = n.year AND pc.reopened_at IS NULL
    )
    SELECT (SELECT count(*)::int FROM schools) AS schools,
      (SELECT coalesce(json_agg(f), '[]'::json) FROM figures f) AS figures,
      (SELECT coalesce(json_agg(d ORDER BY d.department_id, d.district_id, d.school_name, d.sie,
          d.first_last_name, d.second_last_name, d.student_first_name, d.inscription_id), '[]'::json)
        FROM detail d) AS rows`,
  ))!;
  return { schools: raw.schools, figures: parsed(raw.figures), rows: parsed(raw.rows) };
}
