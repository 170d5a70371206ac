import { holderTypeForRelationship } from '@bjp/domain';
import type { Executor } from '../../db/client.js';
import {
  courses,
  guardians,
  inscriptions,
  persons,
  students,
  titularAssignments,
} from '../../db/schema/index.js';
import { identityFor } from '../../integrations/segip/identity.js';

let sequence = 0;
const next = () => ++sequence;
// Test persons take carnets from 5,000,000 up, students RUDEs from their own counter, so files do not clash.
let carnetCursor = 5_000_000 + Math.floor(Math.random() * 1_000) * 1_000;

export type StudentAttrs = {
  paterno?: string;
  materno?: string;
  name?: string;
  gender?: 1 | 2;
  segipId?: number;
  sereci?: boolean;
};

/** A course of the programme year with the given students (default: validated identity). Returns inscription ids. */
export async function makeHolderCourse(
  db: Executor,
  attrs: {
    institutionId: number;
    students: StudentAttrs[];
    levelId?: number;
    gradeId?: number;
    parallelId?: number;
    shiftId?: number;
  },
): Promise<{ courseId: number; inscriptionIds: number[] }> {
  const [course] = await db
    .insert(courses)
    .values({
      institutionId: attrs.institutionId,
      year: 2025,
      levelId: attrs.levelId ?? 12,
      gradeId: attrs.gradeId ?? 1,
      parallelId: attrs.parallelId ?? (next() % 26) + 1,
      shiftId: attrs.shiftId ?? 1,
    })
    .returning();
  const inscriptionIds: number[] = [];
  for (const s of attrs.students) {
    const n = next();
    const [student] = await db
      .insert(students)
      .values({
        rude: `HT${process.pid}${String(n).padStart(8, '0')}`,
        firstLastName: s.paterno ?? 'MAMANI',
        secondLastName: s.materno ?? 'QUISPE',
        name: s.name ?? `ESTUDIANTE ${n}`,
        gender: s.gender ?? 1,
        birthDate: '2015-05-05',
        segipId: s.segipId ?? 1,
        emparejaSereci: s.sereci ?? false,
      })
      .returning();
    const [inscription] = await db
      .insert(inscriptions)
      .values({
        studentId: student!.id,
        courseId: course!.id,
        institutionId: attrs.institutionId,
        year: 2025,
      })
      .returning();
    inscriptionIds.push(inscription!.id);
  }
  return { courseId: course!.id, inscriptionIds };
}

/** A document the SEGIP simulator knows, with the data it holds for it. */
export function knownIdentity() {
  for (;;) {
    const identity = identityFor(String(carnetCursor++));
    if (identity) return identity;
  }
}

/** A holder as SEGIP knows them (verified unless told otherwise). */
export async function makePerson(db: Executor, attrs: { verified?: boolean } = {}) {
  const id = knownIdentity();
  const [row] = await db
    .insert(persons)
    .values({
      carnet: id.carnet,
      complemento: '',
      firstLastName: id.paterno,
      secondLastName: id.materno,
      name: id.name,
      birthDate: id.birthDate,
      gender: id.gender,
      segipVerifiedAt: attrs.verified === false ? null : new Date('2025-10-20T12:00:00Z'),
    })
    .returning();
  return row!;
}

/** Makes a person the student's guardian and, unless `selected` is false, its active titular. */
export async function makeTitular(
  db: Executor,
  attrs: {
    inscriptionId: number;
    personId: number;
    relationshipId?: number;
    registeredInstitutionId: number;
    selected?: boolean;
  },
) {
  const relationshipId = attrs.relationshipId ?? 1;
  const [guardian] = await db
    .insert(guardians)
    .values({ inscriptionId: attrs.inscriptionId, personId: attrs.personId, relationshipId })
    .returning();
  if (attrs.selected !== false) {
    await db.insert(titularAssignments).values({
      inscriptionId: attrs.inscriptionId,
      personId: attrs.personId,
      relationshipId,
      holderTypeId: holderTypeForRelationship(relationshipId),
      registeredInstitutionId: attrs.registeredInstitutionId,
    });
  }
  return guardian!;
}
