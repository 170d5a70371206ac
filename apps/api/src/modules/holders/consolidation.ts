import {
  type ConsolidationResult,
  courseLabel,
  DEFAULT_PAGE_SIZE,
  holderMessages,
  type PendingPage,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { refreshStatistics } from '../../db/summaries.js';
import type { Render } from '../../documents/service.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { consolidateWithDeclaration, type StoredDeclaration } from '../declarations/index.js';
import { institutionFacts } from './context.js';
import { holdersDeclarationInput } from './frozen.js';
import { applyExclusions, countPending, markListConsolidated, pendingRows } from './queries/consolidation.js';

/** The students still without a titular, shown before consolidating (10 a page). */
export async function listPending(deps: AppDeps, sie: number, page: number): Promise<PendingPage> {
  const { year } = await institutionFacts(deps, deps.db, sie);
  const [rows, total] = await Promise.all([
    pendingRows(deps.db, sie, year, DEFAULT_PAGE_SIZE, (page - 1) * DEFAULT_PAGE_SIZE),
    countPending(deps.db, sie, year),
  ]);
  return {
    items: rows.map((r) => ({
      inscriptionId: r.inscriptionId,
      rude: r.rude,
      fullName: r.fullName,
      course: courseLabel(r),
      identityValidated: r.segipId === 1 || r.emparejaSereci,
    })),
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
  };
}

/**
 * 'Consolidar Estudiantes': closes the school's holder list for good. Allowed with pending students
 * (INST/DGAA No 35). The conditional UPDATE is the lock: of two simultaneous requests the second
 * waits for the first's row lock, finds the list already consolidated and gets 409. Students the
 * school declared without titular become beneficiary removals in the same transaction, and the
 * district's statistics are refreshed because the beneficiaries changed. The sworn declaration is
 * stored (frozen, issue 12) in the same transaction, before the audit row; its PDF is rendered before
 * the transaction from the same data, re-checked under the lock (`consolidateWithDeclaration`).
 */
export async function consolidate(
  deps: AppDeps,
  user: AuthUser,
  sie: number,
  ip: string,
  render: Render,
): Promise<ConsolidationResult> {
  return consolidateWithDeclaration(deps, sie, 'holders', async (tx, now) => {
    const facts = await institutionFacts(deps, tx, sie);
    if (!facts.periodOpen) {
      throw new AppError('conflict', holderMessages.periodClosed, {
        observations: [holderMessages.periodClosed],
      });
    }
    const won = await markListConsolidated(tx, sie, now, user.id);
    if (!won)
      throw new AppError('conflict', holderMessages.alreadyConsolidated, {
        observations: [holderMessages.alreadyConsolidated],
      });

    const removed = await applyExclusions(tx, sie, now);
    const pending = await countPending(tx, sie, facts.year);
    // Issue 12: the declaration is read here, rendered before this transaction and stored in it.
    const declare = () => holdersDeclarationInput(deps, tx, sie, render, false);
    const finish = async (declaration: StoredDeclaration) => {
      await writeAudit(tx, {
        userId: user.id,
        action: 'holders.consolidate',
        entity: 'institution',
        entityId: sie,
        before: { consolidatedAt: null },
        after: {
          consolidatedAt: now.toISOString(),
          pending,
          removedInscriptions: removed.map((r) => r.id),
          declaration: { version: declaration.version, sha256: declaration.sha256 },
        },
        ip,
      });
      if (removed.length > 0) await refreshStatistics(tx, { districtIds: [won.districtId] });
      return {
        sie,
        consolidatedAt: now.toISOString(),
        pending,
        removed: removed.length,
        message: holderMessages.consolidated,
      };
    };
    return { declare, finish };
  });
}
