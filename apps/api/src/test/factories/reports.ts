import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { guardians, inscriptions, institutions, persons, titularAssignments } from '../../db/schema/index.js';
import { makeSchool } from '../factories.js';

let carnet = 7_000_000 + Math.floor(Math.random() * 1_000) * 1_000;

/** A school with a chosen dependency (1 PUBLICA, 2 CONVENIO) and area (R, U). */
export async function makeReportSchool(
  db: Executor,
  attrs: {
    districtId: number;
    dependency?: 1 | 2;
    area?: 'R' | 'U';
    codeType?: 1 | 4;
    consolidated?: boolean;
    name?: string;
  },
) {
  const school = await makeSchool(db, {
    districtId: attrs.districtId,
    codeType: attrs.codeType,
    consolidated: attrs.consolidated,
    name: attrs.name,
  });
  const [row] = await db
    .update(institutions)
    .set({ dependency: attrs.dependency ?? 1, area: attrs.area ?? 'U' })
    .where(eq(institutions.id, school.id))
    .returning();
  return row!;
}

/** Gives each inscription an active titular (a new person, relationship MADRE); returns the carnets. */
export async function giveTitulars(
  db: Executor,
  inscriptionIds: number[],
  institutionId: number,
): Promise<string[]> {
  const carnets: string[] = [];
  for (const inscriptionId of inscriptionIds) {
    const ci = String(++carnet);
    const [person] = await db
      .insert(persons)
      .values({
        carnet: ci,
        firstLastName: 'Condori',
        secondLastName: 'Flores',
        name: `Titular ${ci}`,
        birthDate: '1985-01-01',
        gender: 2,
      })
      .returning();
    await db.insert(guardians).values({ inscriptionId, personId: person!.id, relationshipId: 1 });
    await db.insert(titularAssignments).values({
      inscriptionId,
      personId: person!.id,
      relationshipId: 1,
      holderTypeId: 1,
      registeredInstitutionId: institutionId,
    });
    carnets.push(ci);
  }
  return carnets;
}

/** Removes beneficiaries (baja): they must disappear from every report figure. */
export async function removeBeneficiaries(db: Executor, inscriptionIds: number[]) {
  await db
    .update(inscriptions)
    .set({ removedAt: new Date('2025-11-02T12:00:00Z') })
    .where(inArray(inscriptions.id, inscriptionIds));
}
