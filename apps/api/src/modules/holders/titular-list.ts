import {
  courseLabel,
  DEFAULT_PAGE_SIZE,
  holderMessages,
  holderTypes,
  type TitularListPage,
} from '@bjp/domain';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { courses, inscriptions, persons, students, titularAssignments } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { assertListOpen, institutionFacts } from './context.js';

const holderTypeName = (id: number) => holderTypes.find((t) => t.id === id)?.name ?? '';

/** The school's current titulars with the students they collect for here. */
const titularsOf = (sie: number, year: number) =>
  and(
    isNull(titularAssignments.removedAt),
    eq(inscriptions.institutionId, sie),
    eq(inscriptions.year, year),
    isNull(inscriptions.removedAt),
  );

/**
 * The titular validation list: each adult who collects here, their holder type, how many students
 * (TOTAL) and how many of those the school has confirmed (VALIDADO). Teachers and directors, who
 * may collect for many students, come first.
 */
export async function listTitulars(
  deps: AppDeps,
  sie: number,
  query: { page: number; holderType?: number },
): Promise<TitularListPage> {
  const { year } = await institutionFacts(deps, deps.db, sie);
  const where = and(
    titularsOf(sie, year),
    query.holderType ? eq(titularAssignments.holderTypeId, query.holderType) : undefined,
  );
  const grouped = deps.db
    .select({
      personId: titularAssignments.personId,
      holderTypeId: titularAssignments.holderTypeId,
      total: sql<number>`count(*)::int`.as('total'),
      validated: sql<number>`count(${titularAssignments.validatedAt})::int`.as('validated'),
    })
    .from(titularAssignments)
    .innerJoin(inscriptions, eq(inscriptions.id, titularAssignments.inscriptionId))
    .where(where)
    .groupBy(titularAssignments.personId, titularAssignments.holderTypeId)
    .as('g');
  const [rows, [count]] = await Promise.all([
    deps.db
      .select({
        holderTypeId: grouped.holderTypeId,
        total: grouped.total,
        validated: grouped.validated,
        p: persons,
      })
      .from(grouped)
      .innerJoin(persons, eq(persons.id, grouped.personId))
      .orderBy(
        desc(grouped.holderTypeId),
        asc(persons.firstLastName),
        asc(persons.secondLastName),
        asc(persons.name),
        asc(persons.id),
      )
      .limit(DEFAULT_PAGE_SIZE)
      .offset((query.page - 1) * DEFAULT_PAGE_SIZE),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(grouped),
  ]);
  return {
    items: rows.map(({ p, ...g }) => ({
      personId: p.id,
      carnet: p.carnet,
      complemento: p.complemento,
      paterno: p.firstLastName,
      materno: p.secondLastName,
      name: p.name,
      holderTypeId: g.holderTypeId,
      holderTypeName: holderTypeName(g.holderTypeId),
      total: g.total,
      validated: g.validated,
    })),
    page: query.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total: count?.n ?? 0,
  };
}

/** The students one titular collects for in this school, for the 'Validar Estudiantes' dialog. */
export async function titularStudents(deps: AppDeps, sie: number, personId: number) {
  const { year } = await institutionFacts(deps, deps.db, sie);
  const rows = await deps.db
    .select({
      inscriptionId: inscriptions.id,
      rude: students.rude,
      fullName: sql<string>`trim(regexp_replace(${students.firstLastName} || ' ' || ${students.secondLastName} || ' ' || ${students.name}, '\\s+', ' ', 'g'))`,
      levelId: courses.levelId,
      gradeId: courses.gradeId,
      parallelId: courses.parallelId,
      validated: sql<boolean>`${titularAssignments.validatedAt} IS NOT NULL`,
    })
    .from(titularAssignments)
    .innerJoin(inscriptions, eq(inscriptions.id, titularAssignments.inscriptionId))
    .innerJoin(students, eq(students.id, inscriptions.studentId))
    .innerJoin(courses, eq(courses.id, inscriptions.courseId))
    .where(and(titularsOf(sie, year), eq(titularAssignments.personId, personId)))
    .orderBy(asc(students.firstLastName), asc(students.secondLastName), asc(students.name))
    .limit(500);
  if (rows.length === 0) throw new AppError('not_found', holderMessages.titularNotFound);
  return {
    items: rows.map(({ levelId, gradeId, parallelId, ...r }) => ({
      ...r,
      course: courseLabel({ levelId, gradeId, parallelId }),
    })),
  };
}

/**
 * 'Validar Estudiantes': the school confirms every current student of this titular. Only while the
 * list is open; after consolidation the button reads 'Consolidado' and the server refuses too.
 */
export async function validateTitularStudents(
  deps: AppDeps,
  user: AuthUser,
  sie: number,
  personId: number,
  ip: string,
) {
  return deps.db.transaction(async (tx) => {
    const facts = await institutionFacts(deps, tx, sie, { lock: true });
    assertListOpen(facts);
    const mine = sql`${titularAssignments.inscriptionId} IN (SELECT id FROM ${inscriptions} WHERE institution_id = ${sie} AND year = ${facts.year} AND removed_at IS NULL)`;
    const active = and(eq(titularAssignments.personId, personId), isNull(titularAssignments.removedAt), mine);
    const updated = await tx
      .update(titularAssignments)
      .set({ validatedAt: deps.clock.now(), validatedBy: user.id })
      .where(and(active, isNull(titularAssignments.validatedAt)))
      .returning({ inscriptionId: titularAssignments.inscriptionId });
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(titularAssignments).where(active);
    if (!count?.n) throw new AppError('not_found', holderMessages.titularNotFound);
    if (updated.length === 0) throw new AppError('conflict', holderMessages.nothingToValidate);
    await writeAudit(tx, {
      userId: user.id,
      action: 'holders.titular.validate',
      entity: 'person',
      entityId: personId,
      after: { sie, inscriptions: updated.map((u) => u.inscriptionId) },
      ip,
    });
    return { validated: count.n, total: count.n };
  });
}
