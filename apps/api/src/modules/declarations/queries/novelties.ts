/** 'Novedades posteriores a la consolidación': the one query over the history tables, in the caller's scope. */
import { BOLIVIA_TIME_ZONE, type DeclarationKind, type NoveltyKind } from '@bjp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../auth/access.js';
import { scopeCondition } from '../../../auth/scope.js';
import type { Executor } from '../../../db/client.js';
import { rows } from '../../../db/rows.js';
import { districts, institutions } from '../../../db/schema/index.js';
import { declarationKindCode } from '../store.js';

/** A novelty as the query answers it. */
export type NoveltyRaw = {
  key: string;
  at: Date | string;
  kind: NoveltyKind;
  detail: string | null;
  rude: string;
  student: string;
  sie: number;
  institution_name: string;
  user_name: string | null;
  sync_run_id: number | null;
  declaration_kind: number;
  declaration_version: number;
  consolidated_at: Date | string;
  total: number;
};

export type NoveltyFilter = {
  /** Narrower than the caller's scope (already checked to be inside it). */
  departmentId?: number;
  districtId?: number;
  sie?: number;
  /** The Kardex: one student only. */
  studentId?: number;
  kind?: DeclarationKind;
  from?: string;
  to?: string;
};

/**
 * 'Novedades posteriores a la consolidación' as ONE query over the history tables that record a
 * change to a student, each with its time and author: student_blocks (block, unblock),
 * beneficiary_removals, titular_adjustments (change of titular and its re-enabling),
 * sereci_validations, and payments (what the last Síntesis sync wrote, with its run from
 * payment_sync_runs: payments keep one row per inscription, so only the latest sync of a student is
 * known). These are the rows the audit_log entries point at, stamped with the application clock. A change is listed when it is later than the declaration
 * of its school and year in force at that moment: the latest stored version consolidated before
 * the change and not superseded before it (a change made while the school was reopened goes into
 * the next version, so it is not a novelty). A backfilled version counts from when it was stored,
 * since it was rendered from the data of that moment.
 */
function noveltySql(user: AuthUser, f: NoveltyFilter, page: { limit: number; offset: number } | null): SQL {
  const place: SQL[] = [];
  const scope = scopeCondition(user, {
    department: districts.departmentId,
    district: institutions.districtId,
    institution: institutions.id,
  });
  if (scope) place.push(scope);
  if (f.departmentId !== undefined) place.push(sql`${districts.departmentId} = ${f.departmentId}`);
  if (f.districtId !== undefined) place.push(sql`${institutions.districtId} = ${f.districtId}`);
  if (f.sie !== undefined) place.push(sql`${institutions.id} = ${f.sie}`);
  if (f.kind) place.push(sql`dc.kind = ${declarationKindCode[f.kind]}`);
  const student = f.studentId !== undefined ? sql`AND n.student_id = ${f.studentId}` : sql``;
  const kindOnly = f.kind ? sql`AND d.kind = ${declarationKindCode[f.kind]}` : sql``;
  const when: SQL[] = [];
  // Days are Bolivian days: the bounds are midnight in the domain's one time zone.
  const zone = sql.raw(`'${BOLIVIA_TIME_ZONE}'`);
  if (f.from) when.push(sql`ev.at >= (${f.from}::date)::timestamp AT TIME ZONE ${zone}`);
  if (f.to) when.push(sql`ev.at < ((${f.to}::date + 1))::timestamp AT TIME ZONE ${zone}`);
  return sql`
    WITH schools AS (
      SELECT DISTINCT dc.institution_id, dc.year, ${institutions.name} AS institution_name
      FROM declarations dc
      JOIN ${institutions} ON ${institutions.id} = dc.institution_id
      JOIN ${districts} ON ${districts.id} = ${institutions.districtId}
      WHERE true ${place.length > 0 ? sql`AND ${sql.join(place, sql` AND `)}` : sql``}
    ), ins AS (
      SELECT n.id, n.student_id, n.institution_id, n.year, s.institution_name
      FROM schools s JOIN inscriptions n ON n.institution_id = s.institution_id AND n.year = s.year
      WHERE true ${student}
    ), ev AS (
      SELECT 'b' || b.id AS key, b.blocked_at AS at, 'block' AS kind, n.id AS inscription_id,
        b.blocked_by AS user_id, NULL::int AS sync_run_id, b.observation AS detail
      FROM ins n JOIN student_blocks b ON b.inscription_id = n.id
      UNION ALL
      SELECT 'u' || b.id, b.unblocked_at, 'unblock', n.id, b.unblocked_by, NULL::int, b.unblock_observation
      FROM ins n JOIN student_blocks b ON b.inscription_id = n.id AND b.unblocked_at IS NOT NULL
      UNION ALL
      SELECT 'r' || r.id, r.created_at, 'removal', n.id, r.created_by, NULL::int, 'Solicitud: ' || r.source
      FROM ins n JOIN beneficiary_removals r ON r.inscription_id = n.id
      UNION ALL
      SELECT 't' || t.id, t.created_at, 'titular_change', n.id, t.created_by, NULL::int,
        NULLIF(concat_ws(' · ', t.kind, NULLIF(trim(t.titular_carnet || ' ' || t.titular_name), '')), '')
      FROM ins n JOIN titular_adjustments t ON t.inscription_id = n.id
      UNION ALL
      SELECT 'h' || t.id, t.reenabled_at, 'titular_reenable', n.id, t.reenabled_by, NULL::int, t.kind
      FROM ins n JOIN titular_adjustments t ON t.inscription_id = n.id AND t.reenabled_at IS NOT NULL
      UNION ALL
      SELECT 's' || v.id, v.validated_at, 'sereci', n.id, v.validated_by, NULL::int,
        concat_ws(', ', 'Oficialía ' || v.oficialia, 'Libro ' || v.libro, 'Partida ' || v.partida, 'Folio ' || v.folio)
      FROM ins n JOIN sereci_validations v ON v.student_id = n.student_id
        AND (v.inscription_id IS NULL OR v.inscription_id = n.id)
      UNION ALL
      SELECT 'p' || p.inscription_id || '-' || extract(epoch FROM p.synced_at)::bigint, p.synced_at, 'payment', n.id,
        r.user_id, r.id,
        concat_ws(' · ', 'Fecha de pago ' || to_char(p.paid_on, 'DD/MM/YYYY'), p.bank, p.mode)
      FROM ins n JOIN payments p ON p.inscription_id = n.id AND p.paid
      LEFT JOIN LATERAL (
        SELECT id, user_id FROM payment_sync_runs r WHERE r.started_at = p.synced_at ORDER BY id LIMIT 1
      ) r ON true
    )
    SELECT ev.key, ev.at, ev.kind, ev.detail, st.rude,
      trim(regexp_replace(concat_ws(' ', st.first_last_name, st.second_last_name, st.name), '\\s+', ' ', 'g')) AS student,
      n.institution_id AS sie, n.institution_name,
      NULLIF(trim(concat_ws(' ', u.name, u.first_last_name)), '') AS user_name, ev.sync_run_id,
      d.kind AS declaration_kind, d.version AS declaration_version, d.consolidated_at,
      count(*) OVER ()::int AS total
    FROM ev
    JOIN ins n ON n.id = ev.inscription_id
    JOIN students st ON st.id = n.student_id
    JOIN LATERAL (
      SELECT d.kind, d.version, d.consolidated_at FROM declarations d
      WHERE d.institution_id = n.institution_id AND d.year = n.year ${kindOnly}
        AND (CASE WHEN d.backfilled = 1 THEN d.stored_at ELSE d.consolidated_at END) < ev.at
        AND (d.superseded_at IS NULL OR d.superseded_at > ev.at)
      ORDER BY d.consolidated_at DESC, d.kind LIMIT 1
    ) d ON true
    LEFT JOIN users u ON u.id = ev.user_id
    ${when.length > 0 ? sql`WHERE ${sql.join(when, sql` AND `)}` : sql``}
    ORDER BY ev.at DESC, ev.key DESC
    ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`;
}

/** The novelties of `filter` in the caller's scope, newest first, each row with the total; `page` limits them. */
export function noveltyRows(
  db: Executor,
  user: AuthUser,
  filter: NoveltyFilter,
  page: { limit: number; offset: number } | null,
) {
  return rows<NoveltyRaw>(db, noveltySql(user, filter, page));
}
