import { holderTypeForRelationship } from '@bjp/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { guardians, inscriptions, students, titularAssignments } from '../../db/schema/index.js';
import { boliviaDay, type Clock } from '../../lib/clock.js';
import { makeHolderCourse, makePerson, type StudentAttrs } from './holders.js';

/** A clock the test moves: deps.clock reads it on every call. */
export type MovableClock = Clock & { set(iso: string): void };
export function movableClock(iso: string): MovableClock {
  let at = new Date(iso);
  return { now: () => new Date(at), today: () => boliviaDay(at), set: (next) => (at = new Date(next)) };
}

/** Sends a control request to one of the simulators (SERECI, Síntesis). */
export async function controlSimulator(url: string, body: object, path = '/control'): Promise<unknown> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${path} answered ${res.status}`);
  return res.json();
}

/**
 * Students of one course, each with an active titular assigned at `titularAt` (the sync gathers by
 * that time). Returns inscription ids, RUDEs and the titulars' assignment ids.
 */
export async function makeStudentsWithTitulars(
  db: Executor,
  attrs: { institutionId: number; students: StudentAttrs[]; titularAt?: string },
) {
  const { inscriptionIds } = await makeHolderCourse(db, {
    institutionId: attrs.institutionId,
    students: attrs.students,
  });
  const assignmentIds: number[] = [];
  const rudes: string[] = [];
  for (const inscriptionId of inscriptionIds) {
    const person = await makePerson(db);
    await db.insert(guardians).values({ inscriptionId, personId: person.id, relationshipId: 1 });
    const [row] = await db
      .insert(titularAssignments)
      .values({
        inscriptionId,
        personId: person.id,
        relationshipId: 1,
        holderTypeId: holderTypeForRelationship(1),
        registeredInstitutionId: attrs.institutionId,
        createdAt: new Date(attrs.titularAt ?? '2025-10-20T12:00:00Z'),
      })
      .returning({ id: titularAssignments.id });
    assignmentIds.push(row!.id);
  }
  for (const id of inscriptionIds) {
    const [s] = await db
      .select({ rude: students.rude })
      .from(inscriptions)
      .innerJoin(students, eq(students.id, inscriptions.studentId))
      .where(eq(inscriptions.id, id));
    rudes.push(s!.rude);
  }
  return { inscriptionIds, rudes, assignmentIds };
}
