import {
  DEFAULT_PAGE_SIZE,
  type EnablingKind,
  type EnablingPage,
  type EnablingPreview,
  type EnablingResult,
  type EnablingRow,
  enablingKindLabels,
  enablingMessages,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { refreshSchoolStatistics } from '../../db/summaries.js';
import type { Render } from '../../documents/service.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { currentDeclaration, supersedeDeclaration } from '../declarations/index.js';
import { backfillHolders } from '../holders/index.js';
import { backfillPaid, paidFacts } from '../paid-validation/index.js';
import {
  enablingsPage,
  insertEnabling,
  lockSchool as lockSchoolRow,
  reopenHolderList,
  reopenPaidConsolidation,
  schoolConsolidations,
} from './queries.js';

/** Kinds as stored: 1 paid validation, 2 holder registration. */
const kindCode: Record<EnablingKind, number> = { paid_validation: 1, holders: 2 };
const kindOf = (code: number): EnablingKind => (code === 2 ? 'holders' : 'paid_validation');

/** render: to store the declaration being superseded first when it was never stored (issue 12 backfill). */
type Change = { deps: AppDeps; user: AuthUser; sie: number; reason: string; ip: string; render?: Render };

/** Locks the school (FOR NO KEY UPDATE) so an enabling and a consolidation of it never interleave. */
async function lockSchool(tx: Executor, sie: number) {
  const school = await lockSchoolRow(tx, sie);
  if (!school) throw new AppError('not_found', 'Institución no encontrada.');
  return school;
}

async function record(
  tx: Executor,
  change: Change,
  kind: EnablingKind,
  previous: { at: Date; consolidationId?: number },
  institutionName: string,
): Promise<EnablingResult> {
  const now = change.deps.clock.now();
  const row = await insertEnabling(tx, {
    institutionId: change.sie,
    kind: kindCode[kind],
    reason: change.reason,
    previousConsolidatedAt: previous.at,
    paidConsolidationId: previous.consolidationId ?? null,
    enabledAt: now,
    enabledBy: change.user.id,
  });
  await writeAudit(tx, {
    userId: change.user.id,
    action: `enabling.${kind}`,
    entity: 'institution',
    entityId: change.sie,
    before: { consolidatedAt: previous.at.toISOString(), consolidationId: previous.consolidationId ?? null },
    after: { consolidatedAt: null, enablingId: row.id, reason: change.reason },
    ip: change.ip,
  });
  return {
    id: row.id,
    kind,
    kindLabel: enablingKindLabels[kind],
    sie: change.sie,
    institutionName,
    reason: change.reason,
    previousConsolidatedAt: previous.at.toISOString(),
    enabledAt: now.toISOString(),
    enabledBy: `${change.user.name} ${change.user.firstLastName}`.trim(),
    message: enablingMessages.enabled,
  };
}

/**
 * 'Habilitar UE/CEE': reopens a school's consolidated paid validation. Its validations stay as they
 * were and can be changed again; the school consolidates again and a new DDJJ replaces the old one.
 */
export async function enablePaidValidation(change: Change): Promise<EnablingResult> {
  return change.deps.db.transaction(async (tx) => {
    const school = await lockSchool(tx, change.sie);
    // Issue 12: the declaration of the consolidation being reopened stays, as a superseded version.
    if (change.render && !(await currentDeclaration(tx, change.sie, 'paid_validation'))) {
      const open = await paidFacts(tx, change.sie);
      if (open.consolidation) await backfillPaid(change.deps, change.sie, change.render, tx);
    }
    const reopened = await reopenPaidConsolidation(tx, change.sie, change.deps.clock.now(), change.user.id);
    if (!reopened) throw new AppError('conflict', enablingMessages.paidNotConsolidated);
    await supersedeDeclaration(tx, change.sie, 'paid_validation', change.deps.clock.now(), change.user.id);
    // Without a declaration in force its NO PAGADO rows count as the bank says again (one payment truth).
    await refreshSchoolStatistics(tx, change.sie);
    return record(
      tx,
      change,
      'paid_validation',
      { at: reopened.at, consolidationId: reopened.id },
      school.name,
    );
  });
}

/**
 * 'Habilitar SIE' (part 1 /config/enabled): reopens a school's consolidated holder list so its
 * director can register titulars again. Beneficiary removals that the consolidation applied stay
 * applied: a removal is irreversible (part 2 §4).
 */
export async function enableHolders(change: Change): Promise<EnablingResult> {
  return change.deps.db.transaction(async (tx) => {
    const school = await lockSchool(tx, change.sie);
    if (
      change.render &&
      school.holdersConsolidatedAt &&
      !(await currentDeclaration(tx, change.sie, 'holders'))
    )
      await backfillHolders(change.deps, change.sie, change.render, tx);
    const reopened = await reopenHolderList(tx, change.sie);
    if (!reopened || !school.holdersConsolidatedAt)
      throw new AppError('conflict', enablingMessages.holdersNotConsolidated);
    await supersedeDeclaration(tx, change.sie, 'holders', change.deps.clock.now(), change.user.id);
    return record(tx, change, 'holders', { at: school.holdersConsolidatedAt }, school.name);
  });
}

/**
 * What an enabling would reopen, read without changing anything: the school's name and the
 * consolidation in force, or the same refusals the enabling itself gives (404 unknown, 409 nothing
 * to reopen), so the form can say so before asking the user to confirm.
 */
export async function previewEnabling(
  db: Executor,
  kind: EnablingKind,
  sie: number,
): Promise<EnablingPreview> {
  const school = await schoolConsolidations(db, sie);
  if (!school) throw new AppError('not_found', 'Institución no encontrada.');
  const consolidatedAt = kind === 'holders' ? school.holdersConsolidatedAt : school.paidConsolidatedAt;
  if (!consolidatedAt)
    throw new AppError(
      'conflict',
      kind === 'holders' ? enablingMessages.holdersNotConsolidated : enablingMessages.paidNotConsolidated,
    );
  return { sie, institutionName: school.name, consolidatedAt: consolidatedAt.toISOString() };
}

/** The enablings already made, newest first, 10 a page, optionally of one kind. */
export async function listEnablings(
  deps: AppDeps,
  query: { kind?: EnablingKind; page: number },
): Promise<EnablingPage> {
  const { rows, total } = await enablingsPage(
    deps.db,
    query.kind ? kindCode[query.kind] : undefined,
    query.page,
  );
  return {
    items: rows.map((r): EnablingRow => {
      const kind = kindOf(r.kind);
      return {
        ...r,
        kind,
        kindLabel: enablingKindLabels[kind],
        enabledBy: r.enabledBy ?? '',
        previousConsolidatedAt: r.previousConsolidatedAt.toISOString(),
        enabledAt: r.enabledAt.toISOString(),
      };
    }),
    page: query.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
  };
}
