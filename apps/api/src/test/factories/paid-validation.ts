import type { Executor } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';
import { makeHolderCourse, makePerson, makeTitular, type StudentAttrs } from './holders.js';

export type PaidStudent = StudentAttrs & { paid?: boolean };

/**
 * A teacher (holder type 2, relationship 6 MAESTRA/O) or director (3, relationship 7) who is the
 * titular of the given students in one new course of the school; students are paid unless
 * `paid: false`. Returns the person and the inscriptions in the order given.
 */
export async function makeStaffTitular(
  db: Executor,
  attrs: {
    institutionId: number;
    holderType?: 2 | 3;
    students: PaidStudent[];
    levelId?: number;
    gradeId?: number;
  },
): Promise<{ personId: number; inscriptionIds: number[] }> {
  const person = await makePerson(db);
  const { inscriptionIds } = await makeHolderCourse(db, {
    institutionId: attrs.institutionId,
    students: attrs.students,
    levelId: attrs.levelId,
    gradeId: attrs.gradeId,
  });
  for (const [i, inscriptionId] of inscriptionIds.entries()) {
    await makeTitular(db, {
      inscriptionId,
      personId: person.id,
      relationshipId: attrs.holderType === 3 ? 7 : 6,
      registeredInstitutionId: attrs.institutionId,
    });
    if (attrs.students[i]?.paid !== false) await markPaid(db, inscriptionId);
  }
  return { personId: person.id, inscriptionIds };
}

export async function markPaid(db: Executor, inscriptionId: number): Promise<void> {
  await db
    .insert(payments)
    .values({ inscriptionId, paid: true, paidOn: '2025-11-01', bank: 'Banco Unión', mode: 'VENTANILLA' });
}
