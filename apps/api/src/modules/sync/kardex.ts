import { type Kardex, sereciStatus, sereciStatusLabels, syncMessages } from '@bjp/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app.js';
import type { AuthUser } from '../../auth/access.js';
import {
  courses,
  grades,
  institutions,
  levels,
  parallels,
  payments,
  persons,
  relationships,
  sereciValidations,
  studentBlocks,
  studentBonus,
  students,
  syncBatches,
  syncBatchItems,
  titularAssignments,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { studentNovelties } from '../declarations/novelties.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const fullName = (...parts: string[]) => parts.join(' ').replace(/\s+/g, ' ').trim();

/** 'Kardex del Estudiante': the student's whole history in the programme, oldest first. */
export async function studentKardex(deps: AppDeps, rude: string, user: AuthUser): Promise<Kardex> {
  const db = deps.db;
  const [student] = await db.select().from(students).where(eq(students.rude, rude));
  if (!student) throw new AppError('not_found', syncMessages.studentNotFound);
  const enrolled = await db
    .select({
      id: studentBonus.inscriptionId,
      year: studentBonus.year,
      institution: institutions.name,
      institutionId: institutions.id,
      level: levels.name,
      grade: grades.name,
      parallel: parallels.name,
      removedAt: studentBonus.removedAt,
      bonusState: studentBonus.state,
    })
    .from(studentBonus)
    .innerJoin(institutions, eq(institutions.id, studentBonus.institutionId))
    .innerJoin(courses, eq(courses.id, studentBonus.courseId))
    .innerJoin(levels, eq(levels.id, courses.levelId))
    .innerJoin(grades, eq(grades.id, courses.gradeId))
    .innerJoin(parallels, eq(parallels.id, courses.parallelId))
    .where(eq(studentBonus.studentId, student.id))
    .orderBy(asc(studentBonus.year));
  const ids = enrolled.length > 0 ? enrolled.map((i) => i.id) : [-1];
  const [titulars, sereci, blocks, paid, changes, novelties] = await Promise.all([
    db
      .select({ t: titularAssignments, p: persons, relationship: relationships.name })
      .from(titularAssignments)
      .innerJoin(persons, eq(persons.id, titularAssignments.personId))
      .innerJoin(relationships, eq(relationships.id, titularAssignments.relationshipId))
      .where(inArray(titularAssignments.inscriptionId, ids))
      .orderBy(asc(titularAssignments.createdAt)),
    db.select().from(sereciValidations).where(eq(sereciValidations.studentId, student.id)),
    db
      .select()
      .from(studentBlocks)
      .where(eq(studentBlocks.studentId, student.id))
      .orderBy(asc(studentBlocks.blockedAt)),
    db.select().from(payments).where(inArray(payments.inscriptionId, ids)),
    db
      .select({ day: syncBatches.day, kind: syncBatchItems.kind, description: syncBatchItems.description })
      .from(syncBatchItems)
      .innerJoin(syncBatches, eq(syncBatches.id, syncBatchItems.batchId))
      .where(eq(syncBatchItems.studentId, student.id))
      .orderBy(asc(syncBatchItems.id))
      .limit(200),
    studentNovelties(db, user, student.id),
  ]);
  const validations: Kardex['validations'] = [];
  if (student.segipId === 1)
    validations.push({ kind: 'SEGIP', at: null, detail: 'Cédula de identidad validada por SEGIP' });
  for (const v of sereci) {
    validations.push({
      kind: 'SERECI',
      at: iso(v.validatedAt),
      detail: `Oficialía ${v.oficialia}, Libro ${v.libro}, Partida ${v.partida}, Folio ${v.folio}`,
    });
  }
  return {
    student: {
      id: student.id,
      rude: student.rude,
      name: fullName(student.firstLastName, student.secondLastName, student.name),
      birthDate: student.birthDate,
      identity: sereciStatusLabels[sereciStatus(student)],
    },
    inscriptions: enrolled.map((i) => ({
      id: i.id,
      year: i.year,
      institution: i.institution,
      institutionId: i.institutionId,
      course: `${i.level} - ${i.grade} ${i.parallel}`,
      removedAt: iso(i.removedAt),
      bonusState: i.bonusState,
    })),
    titulars: titulars.map(({ t, p, relationship }) => ({
      id: t.id,
      carnet: p.complemento ? `${p.carnet}-${p.complemento}` : p.carnet,
      name: fullName(p.firstLastName, p.secondLastName, p.name),
      relationship,
      createdAt: iso(t.createdAt)!,
      removedAt: iso(t.removedAt),
    })),
    validations,
    blocks: blocks.map((b) => ({
      id: b.id,
      blockedAt: iso(b.blockedAt)!,
      observation: b.observation,
      unblockedAt: iso(b.unblockedAt),
      unblockObservation: b.unblockObservation,
    })),
    payments: paid.map((p) => ({
      paid: p.paid,
      paidOn: p.paidOn,
      bank: p.bank,
      mode: p.mode,
      syncedAt: iso(p.syncedAt)!,
    })),
    syncChanges: changes,
    novelties,
  };
}
