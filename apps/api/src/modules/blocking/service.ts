import {
  type BlockCandidate,
  type BlockedStudentRow,
  type BlockResult,
  blockingMessages,
  DEFAULT_PAGE_SIZE,
  type Page,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { assertPlaceInScope } from '../../auth/scope.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { holdOpenYear, refuseClosedYear } from '../settings/index.js';
import { loadCandidate } from './candidate.js';
import { closeBlock, insertBlock, lockInscription, openBlock, openBlocksPage } from './queries.js';

export async function findCandidate(deps: AppDeps, user: AuthUser, rude: string): Promise<BlockCandidate> {
  const candidate = await loadCandidate(deps.db, rude);
  if (!candidate) throw new AppError('not_found', blockingMessages.studentNotFound);
  // National users see every school: the scope query is skipped on this hot lookup.
  if (user.scope.kind !== 'national')
    await assertPlaceInScope(deps.db, user, { institution: candidate.institutionId });
  return candidate;
}

/** Blocks a student's payment; removed beneficiaries cannot be blocked, a blocked one not twice. */
export async function blockStudent(
  deps: AppDeps,
  user: AuthUser,
  rude: string,
  observation: string,
  ip: string,
): Promise<BlockResult> {
  const candidate = await findCandidate(deps, user, rude);
  await deps.db.transaction(async (tx) => {
    // The open year held first: a closed year's student stays as the year closed (issue 18).
    const openYear = await holdOpenYear(tx);
    const inscription = await lockInscription(tx, candidate.inscriptionId);
    if (!inscription) throw new AppError('not_found', blockingMessages.noInscription);
    refuseClosedYear(inscription.year, openYear);
    if (inscription.removedAt) throw new AppError('conflict', blockingMessages.removed);
    if (await openBlock(tx, candidate.inscriptionId))
      throw new AppError('conflict', blockingMessages.alreadyBlocked);
    const block = await insertBlock(tx, {
      inscriptionId: candidate.inscriptionId,
      studentId: candidate.studentId,
      institutionId: candidate.institutionId,
      titularId: candidate.titularId,
      personId: candidate.personId,
      blockedAt: deps.clock.now(),
      blockedBy: user.id,
      observation,
    });
    await writeAudit(tx, {
      userId: user.id,
      action: 'blocking.block',
      entity: 'inscription',
      entityId: candidate.inscriptionId,
      before: { blocked: false },
      after: { blocked: true, blockId: block.id, observation },
      ip,
    });
  });
  return { message: blockingMessages.blockSucceeded, candidate: (await loadCandidate(deps.db, rude))! };
}

/** Releases the open block, keeping it in the history with the unblock's observation, time and user. */
export async function unblockStudent(
  deps: AppDeps,
  user: AuthUser,
  rude: string,
  observation: string,
  ip: string,
): Promise<BlockResult> {
  const candidate = await findCandidate(deps, user, rude);
  await deps.db.transaction(async (tx) => {
    const openYear = await holdOpenYear(tx);
    const inscription = await lockInscription(tx, candidate.inscriptionId);
    if (inscription) refuseClosedYear(inscription.year, openYear);
    const block = await openBlock(tx, candidate.inscriptionId);
    if (!block) throw new AppError('conflict', blockingMessages.notBlocked);
    await closeBlock(tx, block.id, {
      unblockedAt: deps.clock.now(),
      unblockedBy: user.id,
      unblockObservation: observation,
    });
    await writeAudit(tx, {
      userId: user.id,
      action: 'blocking.unblock',
      entity: 'inscription',
      entityId: candidate.inscriptionId,
      before: { blocked: true, blockId: block.id },
      after: { blocked: false, observation },
      ip,
    });
  });
  return { message: blockingMessages.unblockSucceeded, candidate: (await loadCandidate(deps.db, rude))! };
}

/** 'Estudiantes con bloqueo temporal': open blocks by paterno, materno, name; 10 a page. */
export async function listBlocked(
  deps: AppDeps,
  query: { page: number; search?: string },
): Promise<Page<BlockedStudentRow>> {
  const { items, total } = await openBlocksPage(deps.db, query.page, query.search);
  return { items, page: query.page, pageSize: DEFAULT_PAGE_SIZE, total };
}
