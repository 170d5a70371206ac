import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { inscriptions, studentBlocks } from '../../db/schema/index.js';

/** Opens a payment block on an inscription, as 'Bloqueo Estudiante pago BJP' does (without the audit). */
export async function blockInscription(db: Executor, inscriptionId: number): Promise<void> {
  const [row] = await db
    .select({ studentId: inscriptions.studentId, institutionId: inscriptions.institutionId })
    .from(inscriptions)
    .where(eq(inscriptions.id, inscriptionId));
  if (!row) throw new Error(`no inscription ${inscriptionId}`);
  await db
    .insert(studentBlocks)
    .values({ inscriptionId, ...row, observation: 'Bloqueo de prueba por control' });
}

/** Releases the inscription's open block, keeping the row as history. */
export async function unblockInscription(db: Executor, inscriptionId: number): Promise<void> {
  await db
    .update(studentBlocks)
    .set({ unblockedAt: new Date(), unblockObservation: 'Desbloqueo de prueba revisado' })
    .where(and(eq(studentBlocks.inscriptionId, inscriptionId), isNull(studentBlocks.unblockedAt)));
}
