/** The blocking area's SQL: the inscription's lock, its open block, the list of open blocks. */
import { DEFAULT_PAGE_SIZE } from '@bjp/domain';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.js';
import { rudeOrName, studentName } from '../../db/names.js';
import { inscriptions, studentBlocks, students } from '../../db/schema/index.js';

/** Locks the inscription so that a block and an unblock (or two of either) of one student queue up. */
export async function lockInscription(tx: Transaction, inscriptionId: number) {
  const [row] = await tx
    .select({ removedAt: inscriptions.removedAt, year: inscriptions.year })
    .from(inscriptions)
    .where(eq(inscriptions.id, inscriptionId))
    .for('update');
  return row;
}

/** The inscription's open block, or null. */
export async function openBlock(tx: Transaction, inscriptionId: number) {
  const [row] = await tx
    .select()
    .from(studentBlocks)
    .where(and(eq(studentBlocks.inscriptionId, inscriptionId), isNull(studentBlocks.unblockedAt)));
  return row ?? null;
}

/** A new open block; its id. */
export async function insertBlock(tx: Transaction, values: typeof studentBlocks.$inferInsert) {
  const [block] = await tx.insert(studentBlocks).values(values).returning({ id: studentBlocks.id });
  return block!;
}

/** Closes a block with the unblock's time, user and observation. */
export async function closeBlock(
  tx: Transaction,
  blockId: number,
  unblock: { unblockedAt: Date; unblockedBy: number; unblockObservation: string },
) {
  await tx.update(studentBlocks).set(unblock).where(eq(studentBlocks.id, blockId));
}

/** A page of the open blocks by paterno, materno, name (searched by RUDE or name), names and times as the list shows them, with the total. */
export async function openBlocksPage(db: Executor, page: number, search: string | undefined) {
  const where = and(isNull(studentBlocks.unblockedAt), rudeOrName(search));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: studentBlocks.id,
        rude: students.rude,
        student: studentName,
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
      .offset((page - 1) * DEFAULT_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(studentBlocks)
      .innerJoin(students, eq(students.id, studentBlocks.studentId))
      .where(where),
  ]);
  const items = rows.map((r) => ({
    ...r,
    student: r.student.replace(/\s+/g, ' '),
    blockedAt: new Date(r.blockedAt).toISOString(),
  }));
  return { items, total: total?.n ?? 0 };
}

/**
 * SQL condition "this inscription has an open block", for other areas' lists and for the payment
 * list sent to Síntesis (blocked students are excluded and shown as blocked wherever they appear).
 * In a paged list's select it is one probe of the partial index student_blocks_one_open per row;
 * PostgreSQL evaluates such a costly column after ORDER BY … LIMIT, so only for the page's rows.
 */
export const isBlockedSql = (inscriptionId: unknown) =>
  sql<boolean>`EXISTS (SELECT 1 FROM student_blocks b WHERE b.inscription_id = ${inscriptionId} AND b.unblocked_at IS NULL)`;
