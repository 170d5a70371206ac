/** The paid validation's universe: the students a school must validate, and its counts. */
import { and, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client.js';
import { inscriptions, paidValidations, payments, titularAssignments } from '../../../db/schema/index.js';

/** Holder types 2 MAESTRO and 3 DIRECTOR: the 'Lista de Maestros o Directores como TITULAR DE COBRO'. */
export const STAFF_HOLDER_TYPES = [2, 3];

/**
 * The students a school must validate (see docs/decisions.md): inscriptions of the programme year,
 * not removed as beneficiaries, whose active titular is a teacher or director of the school and whose
 * bonus the bank reports as paid. Those are the students whose money went through a teacher's or
 * director's hands; the school declares whether it reached them. The stored validation, if any, is
 * left-joined.
 */
export function joinUniverse<T extends PgSelect>(
  query: T,
  sie: number | Placeholder,
  year: number | SQL,
  extra?: SQL,
) {
  return (
    query
      .innerJoin(
        titularAssignments,
        and(
          eq(titularAssignments.inscriptionId, inscriptions.id),
          isNull(titularAssignments.removedAt),
          inArray(titularAssignments.holderTypeId, STAFF_HOLDER_TYPES),
        ),
      )
      // The bank's fact itself (student_bonus's bank_paid): the universe is what the bank paid.
      .innerJoin(payments, and(eq(payments.inscriptionId, inscriptions.id), eq(payments.paid, true)))
      .leftJoin(paidValidations, eq(paidValidations.inscriptionId, inscriptions.id))
      .where(
        and(
          eq(inscriptions.institutionId, sie),
          eq(inscriptions.year, year),
          isNull(inscriptions.removedAt),
          extra,
        ),
      )
  );
}

/** 'DETALLE ESTADO' counts, also per titular when grouped. */
export const countColumns = {
  total: sql<number>`count(*)::int`,
  validated: sql<number>`count(${paidValidations.isPaid})::int`,
  delivered: sql<number>`count(*) FILTER (WHERE ${paidValidations.isPaid})::int`,
  undelivered: sql<number>`count(*) FILTER (WHERE NOT ${paidValidations.isPaid})::int`,
};

export type UniverseCounts = {
  total: number;
  validated: number;
  pending: number;
  delivered: number;
  undelivered: number;
};

export const withPending = (c: Omit<UniverseCounts, 'pending'>): UniverseCounts => ({
  ...c,
  pending: c.total - c.validated,
});

export async function universeCounts(db: Executor, sie: number, year: number): Promise<UniverseCounts> {
  const [row] = await joinUniverse(db.select(countColumns).from(inscriptions).$dynamic(), sie, year);
  return withPending(row ?? { total: 0, validated: 0, delivered: 0, undelivered: 0 });
}
