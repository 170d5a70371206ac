import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { institutions, payments, studentBonus, students } from '../../db/schema/index.js';

/** Each student of these RUDEs with the year's bonus state, school and payment (left-joined: may be null). */
export async function selectPublicStatus(db: Executor, year: number, rudes: string[]) {
  return db
    .select({
      rude: students.rude,
      birthDate: students.birthDate,
      inscriptionId: studentBonus.inscriptionId,
      schoolId: institutions.id,
      schoolName: institutions.name,
      listClosedAt: institutions.holdersConsolidatedAt,
      state: studentBonus.state,
      paidOn: studentBonus.paidOn,
      bank: payments.bank,
      mode: payments.mode,
    })
    .from(students)
    .leftJoin(studentBonus, and(eq(studentBonus.studentId, students.id), eq(studentBonus.year, year)))
    .leftJoin(institutions, eq(institutions.id, studentBonus.institutionId))
    .leftJoin(payments, eq(payments.inscriptionId, studentBonus.inscriptionId))
    .where(inArray(students.rude, rudes));
}
