/** The declarations area's SQL: stored declarations, their versions, PDFs and verification codes (the novelties: queries/novelties.ts). */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerConnection } from '../../db/prepared.js';
import { declarations, institutions, programmeSettings } from '../../db/schema/index.js';

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

/**
 * What the declaration in force of a school, kind and year declares (its `data.content`), or
 * undefined when none is stored: the open year's current version, a closed year's last one. Every
 * surface that shows a consolidated declaration reads its figures here (decision 046).
 */
export async function declaredContentRow(db: Executor, sie: number, kind: number, year: number) {
  const [row] = await db
    .select({
      content: sql<unknown>`${declarations.data}->'content'`,
      consolidatedAt: declarations.consolidatedAt,
    })
    .from(declarations)
    .where(
      and(
        eq(declarations.institutionId, sie),
        eq(declarations.kind, kind),
        eq(declarations.year, year),
        sql`(${declarations.supersededAt} IS NULL OR ${declarations.year} <> ${openYear})`,
      ),
    )
    .orderBy(sql`${declarations.version} DESC`)
    .limit(1);
  return row;
}
