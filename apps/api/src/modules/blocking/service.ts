import {
  type BlockCandidate,
  type BlockedStudentRow,
  type BlockResult,
  blockingMessages,
  DEFAULT_PAGE_SIZE,
  type Page,
} from '@bjp/domain';
import { and, asc, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { assertPlaceInScope } from '../../auth/scope.js';
import type { Transaction } from '../../db/client.js';
import { inscriptions, studentBlocks, students } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { loadCandidate } from './candidate.js';

export async function findCandidate(deps: AppDeps, user: AuthUser, rude: string): Promise<BlockCandidate> {
  const candidate = await loadCandidate(deps.db, rude);
  if (!candidate) throw new AppError('not_found', blockingMessages.studentNotFound);
  // National users see every school: the scope query is skipped on this hot lookup.
  if (user.scope.kind !== 'national')
    await assertPlaceInScope(deps.db, user, { institution: candidate.institutionId });
  return candidate;
}

/** Locks the inscription so that a block and an unblock (or two of either) of one student queue up. */
async function lockInscription(tx: Transaction, inscriptionId: number) {
  const [row] = await tx
    .select({ removedAt: inscriptions.removedAt })
    .from(inscriptions)
    .where(eq(inscriptions.id, inscriptionId))
    .for('update');
  return row;
}

async function openBlock(tx: Transaction, inscriptionId: number) {
  const [row] = await tx
    .select()
    .from(studentBlocks)
    .where(and(eq(studentBlocks.inscriptionId, inscriptionId), isNull(studentBlocks.unblockedAt)));
  return row ?? null;
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
    const inscription = await lockInscription(tx, candidate.inscriptionId);
    if (!inscription) throw new AppError('not_found', blockingMessages.noInscription);
    if (inscription.removedAt) throw new AppError('conflict', blockingMessages.removed);
    if (await openBlock(tx, candidate.inscriptionId))
      throw new AppError('conflict', blockingMessages.alreadyBlocked);
    const [block] = await tx
      .insert(studentBlocks)
      .values({
        inscriptionId: candidate.inscriptionId,
        studentId: candidate.studentId,
        institutionId: candidate.institutionId,
        titularId: candidate.titularId,
        personId: candidate.personId,
        blockedAt: deps.clock.now(),
        blockedBy: user.id,
        observation,
      })
      .returning({ id: studentBlocks.id });
    await writeAudit(tx, {
      userId: user.id,
      action: 'blocking.block',
      entity: 'inscription',
      entityId: candidate.inscriptionId,
      before: { blocked: false },
      after: { blocked: true, blockId: block!.id, observation },
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
    await lockInscription(tx, candidate.inscriptionId);
    const block = await openBlock(tx, candidate.inscriptionId);
    if (!block) throw new AppError('conflict', blockingMessages.notBlocked);
    await tx
      .update(studentBlocks)
      .set({ unblockedAt: deps.clock.now(), unblockedBy: user.id, unblockObservation: observation })
      .where(eq(studentBlocks.id, block.id));
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
  const name = sql<string>`trim(${students.firstLastName} || ' ' || ${students.secondLastName} || ' ' || ${students.name})`;
  const pattern = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : null;
  const where = and(
    isNull(studentBlocks.unblockedAt),
    pattern ? or(eq(students.rude, query.search!.toUpperCase()), ilike(name, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        id: studentBlocks.id,
        rude: students.rude,
        student: name,
        observation: studentBlocks.observation,
        inscriptionId: studentBlocks.inscriptionId,
        institutionId: studentBlocks.institutionId,
        personId: studentBlocks.personId,
        blockedAt: studentBlocks.blockedAt,
      })
      .from(studentBlocks)
      .innerJoin(students, eq(students.id, studentBlocks.studentId))
      .where(where)
      .orderBy(
        asc(students.firstLastName),
        asc(students.secondLastName),
        asc(students.name),
        asc(studentBlocks.id),
      )
      .limit(DEFAULT_PAGE_SIZE)
      .offset((query.page - 1) * DEFAULT_PAGE_SIZE),
    deps.db
      .select({ n: count() })
      .from(studentBlocks)
      .innerJoin(students, eq(students.id, studentBlocks.studentId))
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      student: r.student.replace(/\s+/g, ' '),
      blockedAt: new Date(r.blockedAt).toISOString(),
    })),
    page: query.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total: total?.n ?? 0,
  };
}
