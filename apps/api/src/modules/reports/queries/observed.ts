// The one statement of 'Pagos observados': figures per kind and one page of observed payments.
import type { ObservedKind } from '@bjp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { carnetOf, fullNameOf } from '../../../db/names.js';
import { rows as allRows, firstRow } from '../../../db/rows.js';
import { isBlockedSql } from '../../blocking/index.js';
import { boliviaDay, repeatedPaymentsSql, titularOnDaySql } from './observed-rules.js';
import type { ReconciliationRef } from './reconciliation.js';

/** Which payments are judged: a place's, or those a sync run or an import wrote. */
export type ObservedScope = ReconciliationRef | { level: 'source'; kind: 'sync' | 'import'; id: number };

function inScope(ref: ObservedScope): SQL {
  switch (ref.level) {
    case 'national':
      return sql`true`;
    case 'department':
      return sql`i.department_id = ${ref.id}`;
    case 'district':
      return sql`i.district_id = ${ref.id}`;
    case 'source':
      // The current entry is the run's: what it brought and is still in force.
      return sql`p.source_kind = ${ref.kind} AND p.source_id = ${ref.id}`;
    default:
      return sql`i.id = ${ref.id}`;
  }
}

/** The year's rules a payment is held against. */
export type ObservedRules = { year: number; paymentStart: string; amountPerStudent: number };

/**
 * The observed payments of a place as the CTE `observed`: every current payment the bank made
 * (`payments` view, paid) of an inscription of the year in the place, with the kinds it is observed
 * for; a payment with none is left out. Each kind's condition is one CASE so a payment carries all
 * its kinds. Nearly every payment's current titular was already in force on its day: only the others
 * (`unsettled`) look the titular history up, one index probe each, and only chains with a correction
 * are counted for repeated days (observed-rules.ts); the block is blocking's condition (one probe of
 * its partial index). So a national request reads each payment once, with no sort of them all.
 */
function observedSql(ref: ObservedScope, rules: ObservedRules): SQL {
  return sql`
    paid AS MATERIALIZED (
      SELECT n.id AS inscription_id, n.institution_id, n.student_id, n.removed_at, n.withdrawn_at,
        p.paid_on, ${boliviaDay(sql`p.synced_at`)} AS received_on, p.amount_bob, p.bank, p.mode,
        tn.id AS titular_now, ${boliviaDay(sql`tn.created_at`)} AS titular_now_from
      FROM inscriptions n
      JOIN institutions i ON i.id = n.institution_id
      JOIN payments p ON p.inscription_id = n.id AND p.paid
      LEFT JOIN titular_assignments tn ON tn.inscription_id = n.id AND tn.removed_at IS NULL
      WHERE n.year = ${rules.year} AND ${inScope(ref)}
    ),
    unsettled AS (
      SELECT x.inscription_id, th.id AS titular_then FROM paid x
      LEFT JOIN LATERAL (${titularOnDaySql(sql`x.inscription_id`, sql`x.paid_on`)}) th ON true
      WHERE x.paid_on IS NOT NULL AND (x.titular_now IS NULL OR x.titular_now_from > x.paid_on)
    ),
    repeated AS (${repeatedPaymentsSql(sql`SELECT inscription_id FROM paid`)}),
    facts AS (
      SELECT x.*, u.inscription_id IS NOT NULL AS unsettled, u.titular_then,
        r.inscription_id IS NOT NULL AS repeated, ${isBlockedSql(sql`x.inscription_id`)} AS blocked
      FROM paid x
      LEFT JOIN unsettled u ON u.inscription_id = x.inscription_id
      LEFT JOIN repeated r ON r.inscription_id = x.inscription_id
    ),
    observed AS MATERIALIZED (
      SELECT f.*, k.kinds FROM facts f
      CROSS JOIN LATERAL (
        SELECT array_remove(ARRAY[
          CASE WHEN f.paid_on < ${rules.paymentStart}::date THEN 'ANTES_DEL_INICIO' END,
          CASE WHEN f.paid_on > f.received_on THEN 'DESPUES_DE_RECIBIDO' END,
          CASE WHEN f.unsettled AND f.titular_then IS NULL THEN 'ANTES_DEL_TITULAR' END,
          -- Unsettled with a titular then: the one in force on the day is not the current one.
          CASE WHEN f.unsettled AND f.titular_then IS NOT NULL THEN 'OTRO_TITULAR' END,
          CASE WHEN f.amount_bob IS DISTINCT FROM ${rules.amountPerStudent} THEN 'MONTO_DISTINTO' END,
          CASE WHEN f.repeated THEN 'PAGO_REPETIDO' END,
          CASE WHEN f.removed_at IS NOT NULL THEN 'BAJA' END,
          CASE WHEN f.blocked THEN 'BLOQUEADO' END,
          CASE WHEN f.withdrawn_at IS NOT NULL THEN 'FUERA_DEL_PADRON' END
        ]::text[], NULL) AS kinds
      ) k
      WHERE cardinality(k.kinds) > 0
    )`;
}

type RawFigure = { kind: ObservedKind; students: number; amount: number | string };
export type ObservedRawRow = {
  department_name: string;
  district_id: number;
  district_name: string;
  sie: number;
  school_name: string;
  rude: string;
  student_name: string;
  titular_carnet: string | null;
  titular_name: string | null;
  paid_on: string | null;
  received_on: string;
  bank: string | null;
  mode: string | null;
  amount: number | null;
  kinds: ObservedKind[];
};
export type ObservedRaw = {
  students: number;
  amount: number | string;
  figures: RawFigure[];
  rows: ObservedRawRow[];
};

/** JSON columns arrive parsed from node-postgres and, on some versions, as text from PGlite. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * One statement for the figures and the rows, so the payments are judged once per request. The rows
 * are in the report's order (department, district, school, student); the page is chosen on those
 * keys, and names and titular are joined for its rows only.
 */
export async function observedQuery(
  db: Executor,
  ref: ReconciliationRef,
  rules: ObservedRules,
  rows: { kind?: ObservedKind; limit?: number; offset: number },
): Promise<ObservedRaw> {
  const limit = rows.limit === undefined ? sql`` : sql`LIMIT ${rows.limit} OFFSET ${rows.offset}`;
  const raw = (await firstRow<ObservedRaw>(
    db,
    sql`WITH ${observedSql(ref, rules)},
    figures AS (
      SELECT k.kind, count(*)::int AS students, coalesce(sum(o.amount_bob), 0)::bigint AS amount
      FROM observed o CROSS JOIN LATERAL unnest(o.kinds) AS k(kind) GROUP BY k.kind
    ),
    page AS (
      SELECT o.*, i.department_id, i.district_id, i.name AS school_name,
        s.rude, s.first_last_name, s.second_last_name, s.name AS student_first_name,
        ${fullNameOf('s')} AS student_name
      FROM observed o
      JOIN institutions i ON i.id = o.institution_id
      JOIN students s ON s.id = o.student_id
      ${rows.kind ? sql`WHERE ${rows.kind} = ANY(o.kinds)` : sql``}
      ORDER BY i.department_id, i.district_id, i.name, i.id, s.first_last_name, s.second_last_name,
        s.name, o.inscription_id
      ${limit}
    ),
    detail AS (
      SELECT g.department_id, dp.name AS department_name, g.district_id, di.name AS district_name,
        g.institution_id AS sie, g.school_name, g.rude, g.student_name, g.first_last_name,
        g.second_last_name, g.student_first_name, g.inscription_id,
        CASE WHEN pe.id IS NULL THEN NULL ELSE ${carnetOf('pe')} END AS titular_carnet,
        CASE WHEN pe.id IS NULL THEN NULL ELSE ${fullNameOf('pe')} END AS titular_name,
        g.paid_on::text AS paid_on, g.received_on::text AS received_on, g.bank, g.mode,
        g.amount_bob AS amount, g.kinds
      FROM page g
      JOIN departments dp ON dp.id = g.department_id
      JOIN districts di ON di.id = g.district_id
      LEFT JOIN titular_assignments t ON t.id = g.titular_now
      LEFT JOIN persons pe ON pe.id = t.person_id
    )
    SELECT (SELECT count(*)::int FROM observed) AS students,
      (SELECT coalesce(sum(amount_bob), 0)::bigint FROM observed) AS amount,
      (SELECT coalesce(json_agg(f), '[]'::json) FROM figures f) AS figures,
      (SELECT coalesce(json_agg(d ORDER BY d.department_id, d.district_id, d.school_name, d.sie,
          d.first_last_name, d.second_last_name, d.student_first_name, d.inscription_id), '[]'::json)
        FROM detail d) AS rows`,
  ))!;
  return { students: raw.students, amount: raw.amount, figures: parsed(raw.figures), rows: parsed(raw.rows) };
}

/** How many of the payments a sync run or an import wrote are observed, per kind (only kinds found). */
export async function observedCountsQuery(
  db: Executor,
  source: { kind: 'sync' | 'import'; id: number },
  rules: ObservedRules,
): Promise<Array<{ kind: ObservedKind; records: number }>> {
  const raw = await allRows<{ kind: ObservedKind; records: number }>(
    db,
    sql`WITH ${observedSql({ level: 'source', ...source }, rules)}
    SELECT k.kind, count(*)::int AS records
    FROM observed o CROSS JOIN LATERAL unnest(o.kinds) AS k(kind) GROUP BY k.kind`,
  );
  return raw.map((r) => ({ kind: r.kind, records: Number(r.records) }));
}
