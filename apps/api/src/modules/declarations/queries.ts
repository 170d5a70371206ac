/** The declarations area's SQL: stored declarations, their versions, PDFs and verification codes, and the novelties. */
import { BOLIVIA_TIME_ZONE, type DeclarationKind, type NoveltyKind } from '@bjp/domain';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../auth/access.js';
import { scopeCondition } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { preparedPerConnection } from '../../db/prepared.js';
import { rows } from '../../db/rows.js';
import { declarations, districts, institutions, programmeSettings } from '../../db/schema/index.js';

/**
 * The open programme year: a school's current declaration and the one a new consolidation supersedes
 * are the open year's; a closed year's stay as they were (decision 039).
 */
const openYear = sql<number>`(SELECT ${programmeSettings.year} FROM ${programmeSettings} WHERE ${programmeSettings.id} = 1)`;

/**
 * The last version of a school's declarations of a kind (code: 1 paid validation, 2 holders) stored
 * for `year`, 0 when none (decision 042). An index-only read of declarations_version_unique.
 */
export async function lastVersion(tx: Executor, sie: number, kind: number, year: number): Promise<number> {
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${declarations.version}), 0)::int` })
    .from(declarations)
    .where(
      and(eq(declarations.institutionId, sie), eq(declarations.kind, kind), eq(declarations.year, year)),
    );
  return last?.n ?? 0;
}

/** A stored declaration row; its id. */
export async function insertDeclarationRow(tx: Executor, values: typeof declarations.$inferInsert) {
  const [row] = await tx.insert(declarations).values(values).returning({ id: declarations.id });
  return row!;
}

/**
 * Marks the school's current declaration of a kind of the open year superseded; its version, or null
 * when none was current. A closed year's declaration is never superseded (issue 18).
 */
export async function markSuperseded(
  tx: Executor,
  sie: number,
  kind: number,
  at: Date,
  userId: number,
): Promise<number | null> {
  const [row] = await tx
    .update(declarations)
    .set({ supersededAt: at, supersededBy: userId })
    .where(
      and(
        eq(declarations.institutionId, sie),
        eq(declarations.kind, kind),
        eq(declarations.year, openYear),
        isNull(declarations.supersededAt),
        sql`${declarations.year} = (SELECT year FROM programme_settings WHERE id = 1)`,
      ),
    )
    .returning({ version: declarations.version });
  return row?.version ?? null;
}

const pdfColumns = {
  id: declarations.id,
  version: declarations.version,
  sha256: declarations.sha256,
  fileName: declarations.fileName,
  supersededAt: declarations.supersededAt,
  year: declarations.year,
  verificationCode: declarations.verificationCode,
  consolidatedAt: declarations.consolidatedAt,
  consolidatedByName: declarations.consolidatedByName,
};

/** A stored declaration's PDF bytes. */
export async function pdfOf(db: Executor, id: number): Promise<Buffer> {
  const [row] = await db.select({ pdf: declarations.pdf }).from(declarations).where(eq(declarations.id, id));
  return row!.pdf;
}

/** Every download of a declaration reads it: built and planned once per connection. */
const currentDeclarationStatement = preparedPerConnection((db) =>
  db
    .select(pdfColumns)
    .from(declarations)
    .where(
      and(
        eq(declarations.institutionId, sql.placeholder('sie')),
        eq(declarations.kind, sql.placeholder('kind')),
        eq(declarations.year, openYear),
        isNull(declarations.supersededAt),
        // The open year's: each year keeps its own current declaration (issue 18).
        sql`${declarations.year} = (SELECT year FROM programme_settings WHERE id = 1)`,
      ),
    )
    .prepare('current_declaration'),
);

/** The open year's current (not superseded) declaration of a kind, without its bytes, or undefined. */
export async function currentDeclarationRow(db: Executor, sie: number, kind: number) {
  const [row] = await currentDeclarationStatement(db).execute({ sie, kind });
  return row;
}

/** One version of a school's declarations of a kind and year, without its bytes, or undefined. */
export async function declarationVersionRow(
  db: Executor,
  sie: number,
  kind: number,
  year: number,
  version: number,
) {
  const [row] = await db
    .select(pdfColumns)
    .from(declarations)
    .where(
      and(
        eq(declarations.institutionId, sie),
        eq(declarations.kind, kind),
        eq(declarations.year, year),
        eq(declarations.version, version),
      ),
    );
  return row;
}

/** The versions of a school's declarations of a kind stored for one programme year, oldest first. */
export function versionRows(db: Executor, sie: number, kind: number, year: number) {
  return db
    .select({
      version: declarations.version,
      consolidatedAt: declarations.consolidatedAt,
      consolidatedBy: declarations.consolidatedByName,
      sha256: declarations.sha256,
      verificationCode: declarations.verificationCode,
      supersededAt: declarations.supersededAt,
      backfilled: declarations.backfilled,
    })
    .from(declarations)
    .where(and(eq(declarations.institutionId, sie), eq(declarations.kind, kind), eq(declarations.year, year)))
    .orderBy(asc(declarations.version));
}

/** What the public verification shows of the declaration whose code has this hash, or undefined. */
export async function declarationByCodeHash(db: Executor, hash: string) {
  const [row] = await db
    .select({
      sie: declarations.institutionId,
      institutionName: institutions.name,
      kind: declarations.kind,
      year: declarations.year,
      version: declarations.version,
      consolidatedAt: declarations.consolidatedAt,
      supersededAt: declarations.supersededAt,
      sha256: declarations.sha256,
      code: declarations.verificationCode,
      totals: sql<Array<{ label: string; value: string }>>`${declarations.data}->'totals'`,
    })
    .from(declarations)
    .innerJoin(institutions, eq(institutions.id, declarations.institutionId))
    .where(eq(declarations.codeHash, hash));
  return row;
}

const kindCode: Record<DeclarationKind, number> = { paid_validation: 1, holders: 2 };

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
  if (f.kind) place.push(sql`dc.kind = ${kindCode[f.kind]}`);
  const student = f.studentId !== undefined ? sql`AND n.student_id = ${f.studentId}` : sql``;
  const kindOnly = f.kind ? sql`AND d.kind = ${kindCode[f.kind]}` : sql``;
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
