/** The SERECI area's SQL: the student card, the validation's writes and the list of validations. */
import { DEFAULT_PAGE_SIZE, type SereciCertificate } from '@bjp/domain';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.js';
import { rudeOrName, studentName } from '../../db/names.js';
import { firstRow } from '../../db/rows.js';
import {
  inscriptions,
  institutions,
  sereciValidations,
  studentCertificates,
  students,
} from '../../db/schema/index.js';

const programmeYear = sql`(SELECT year FROM programme_settings WHERE id = 1)`;

/** The student of 'Validación SERECI' by RUDE (unique index), with this year's school, the validation and the certificate on file. */
export async function sereciStudentRow(db: Executor, rude: string) {
  const [row] = await db
    .select({
      id: students.id,
      rude: students.rude,
      paterno: students.firstLastName,
      materno: students.secondLastName,
      name: students.name,
      birthDate: students.birthDate,
      segipId: students.segipId,
      emparejaSereci: students.emparejaSereci,
      institutionId: institutions.id,
      institutionName: institutions.name,
      validated: {
        oficialia: sereciValidations.oficialia,
        libro: sereciValidations.libro,
        partida: sereciValidations.partida,
        folio: sereciValidations.folio,
        at: sereciValidations.validatedAt,
      },
      onFile: {
        oficialia: studentCertificates.oficialia,
        libro: studentCertificates.libro,
        partida: studentCertificates.partida,
        folio: studentCertificates.folio,
      },
    })
    .from(students)
    .leftJoin(
      inscriptions,
      and(eq(inscriptions.studentId, students.id), sql`${inscriptions.year} = ${programmeYear}`),
    )
    .leftJoin(institutions, eq(institutions.id, inscriptions.institutionId))
    .leftJoin(sereciValidations, eq(sereciValidations.studentId, students.id))
    .leftJoin(studentCertificates, eq(studentCertificates.studentId, students.id))
    .where(eq(students.rude, rude))
    .limit(1);
  return row;
}

/**
 * The student's identity flags and the year of their latest inscription, locked until the
 * transaction ends (two validations queue up).
 */
export async function lockStudent(tx: Transaction, studentId: number) {
  const [locked] = await tx
    .select({
      segipId: students.segipId,
      emparejaSereci: students.emparejaSereci,
      // Qualified by hand: in a one-table select Drizzle writes the column unqualified.
      lastYear: sql<
        number | null
      >`(SELECT max(n.year) FROM inscriptions n WHERE n.student_id = "students"."id")`,
    })
    .from(students)
    .where(eq(students.id, studentId))
    .for('update');
  return locked;
}

/**
 * Records a SERECI validation: empareja_sereci becomes true, the validation row is written with this
 * year's inscription and the certificate on file becomes the one SERECI confirmed.
 */
export async function writeValidation(
  tx: Transaction,
  studentId: number,
  certificate: SereciCertificate,
  at: Date,
  userId: number,
) {
  await tx.update(students).set({ emparejaSereci: true }).where(eq(students.id, studentId));
  await tx.insert(sereciValidations).values({
    studentId,
    inscriptionId: await currentInscription(tx, studentId),
    ...certificate,
    validatedAt: at,
    validatedBy: userId,
  });
  await tx
    .insert(studentCertificates)
    .values({ studentId, ...certificate, updatedAt: at })
    .onConflictDoUpdate({ target: studentCertificates.studentId, set: { ...certificate, updatedAt: at } });
}

async function currentInscription(tx: Transaction, studentId: number) {
  const row = await firstRow<{ id: number }>(
    tx,
    sql`SELECT id FROM inscriptions WHERE student_id = ${studentId}
        AND year = (SELECT year FROM programme_settings WHERE id = 1) LIMIT 1`,
  );
  return row ? Number(row.id) : null;
}

/** A page of the validations, newest first, searched by RUDE or name, names and times as the list shows them, with the total. */
export async function validationsPage(db: Executor, page: number, search: string | undefined) {
  const where = rudeOrName(search);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: sereciValidations.id,
        rude: students.rude,
        student: studentName,
        validatedAt: sereciValidations.validatedAt,
      })
      .from(sereciValidations)
      .innerJoin(students, eq(students.id, sereciValidations.studentId))
      .where(where)
      .orderBy(desc(sereciValidations.validatedAt), desc(sereciValidations.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((page - 1) * DEFAULT_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(sereciValidations)
      .innerJoin(students, eq(students.id, sereciValidations.studentId))
      .where(and(where)),
  ]);
  const items = rows.map((r) => ({
    ...r,
    student: r.student.replace(/\s+/g, ' '),
    validatedAt: new Date(r.validatedAt).toISOString(),
  }));
  return { items, total: total?.n ?? 0 };
}
