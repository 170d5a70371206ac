import { courseLabel, type Kardex, kardexMessages, sereciStatus, sereciStatusLabels } from '@bjp/domain';
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { scopeCondition } from '../../auth/scope.js';
import {
  beneficiaryRemovals,
  courses,
  declarations,
  institutions,
  payments,
  persons,
  relationships,
  sereciValidations,
  studentBlocks,
  studentBonus,
  students,
  syncBatches,
  syncBatchItems,
  titularAdjustments,
  titularAssignments,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { studentNovelties } from '../declarations/index.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const fullName = (...parts: string[]) => parts.join(' ').replace(/\s+/g, ' ').trim();
const declarationKinds: Record<number, string> = { 1: 'Validación de pagados', 2: 'Registro de titulares' };

/** The condition keeping a school inside the caller's place (undefined: national). */
export const schoolInPlace = (user: AuthUser) =>
  scopeCondition(user, {
    department: institutions.departmentId,
    district: institutions.districtId,
    institution: institutions.id,
  });

/**
 * 'Kardex del Estudiante': the student's whole history in the programme, oldest first, limited to
 * the inscriptions whose school is in the caller's place. A student with none there answers 404 like
 * an unknown RUDE, so a place-bound user cannot tell whether a RUDE exists elsewhere.
 */
export async function studentKardex(deps: AppDeps, rude: string, user: AuthUser): Promise<Kardex> {
  const db = deps.db;
  const [student] = await db.select().from(students).where(eq(students.rude, rude));
  if (!student) throw new AppError('not_found', kardexMessages.studentNotFound);
  const place = schoolInPlace(user);
  const enrolled = await db
    .select({
      id: studentBonus.inscriptionId,
      year: studentBonus.year,
      institution: institutions.name,
      institutionId: institutions.id,
      levelId: courses.levelId,
      gradeId: courses.gradeId,
      parallelId: courses.parallelId,
      removedAt: studentBonus.removedAt,
      bonusState: studentBonus.state,
    })
    .from(studentBonus)
    .innerJoin(institutions, eq(institutions.id, studentBonus.institutionId))
    .innerJoin(courses, eq(courses.id, studentBonus.courseId))
    .where(and(eq(studentBonus.studentId, student.id), place))
    .orderBy(asc(studentBonus.year));
  if (place && enrolled.length === 0) throw new AppError('not_found', kardexMessages.studentNotFound);
  const ids = enrolled.length > 0 ? enrolled.map((i) => i.id) : [-1];
  // Student-wide rows that carry an inscription are kept to the inscriptions in the caller's place.
  const ownInscriptions = (column: AnyPgColumn) => (place ? inArray(column, ids) : undefined);
  const schoolYears: SQL[] = enrolled.map(
    (i) => and(eq(declarations.institutionId, i.institutionId), eq(declarations.year, i.year))!,
  );
  const [titulars, sereci, blocks, paid, changes, adjusted, removed, declared, novelties] = await Promise.all(
    [
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
        .where(and(eq(studentBlocks.studentId, student.id), ownInscriptions(studentBlocks.inscriptionId)))
        .orderBy(asc(studentBlocks.blockedAt)),
      db.select().from(payments).where(inArray(payments.inscriptionId, ids)),
      db
        .select({ day: syncBatches.day, kind: syncBatchItems.kind, description: syncBatchItems.description })
        .from(syncBatchItems)
        .innerJoin(syncBatches, eq(syncBatches.id, syncBatchItems.batchId))
        .where(and(eq(syncBatchItems.studentId, student.id), ownInscriptions(syncBatchItems.inscriptionId)))
        .orderBy(asc(syncBatchItems.id))
        .limit(200),
      db
        .select()
        .from(titularAdjustments)
        .where(inArray(titularAdjustments.inscriptionId, ids))
        .orderBy(asc(titularAdjustments.createdAt), asc(titularAdjustments.id)),
      db
        .select()
        .from(beneficiaryRemovals)
        .where(inArray(beneficiaryRemovals.inscriptionId, ids))
        .orderBy(asc(beneficiaryRemovals.createdAt)),
      schoolYears.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: declarations.id,
              year: declarations.year,
              institutionId: declarations.institutionId,
              kind: declarations.kind,
              version: declarations.version,
              consolidatedAt: declarations.consolidatedAt,
              consolidatedBy: declarations.consolidatedByName,
              verificationCode: declarations.verificationCode,
              supersededAt: declarations.supersededAt,
            })
            .from(declarations)
            .where(or(...schoolYears))
            .orderBy(asc(declarations.consolidatedAt), asc(declarations.id)),
      studentNovelties(db, user, student.id),
    ],
  );
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
      course: courseLabel(i),
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
    adjustments: adjusted.map((a) => ({
      id: a.id,
      year: a.year,
      kind: a.kind,
      titular: fullName(a.titularCarnet, a.titularName) || '—',
      createdAt: iso(a.createdAt)!,
      reenabledAt: iso(a.reenabledAt),
    })),
    removals: removed.map((r) => ({
      id: r.id,
      year: r.year,
      source: r.source,
      titular: fullName(r.titularCarnet ?? '', r.titularName ?? '') || null,
      reason: r.reason,
      createdAt: iso(r.createdAt)!,
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
    declarations: declared.map((d) => ({
      id: d.id,
      year: d.year,
      institutionId: d.institutionId,
      kind: declarationKinds[d.kind] ?? String(d.kind),
      version: d.version,
      consolidatedAt: iso(d.consolidatedAt)!,
      consolidatedBy: d.consolidatedBy,
      verificationCode: d.verificationCode,
      superseded: d.supersededAt !== null,
    })),
    novelties,
  };
}
