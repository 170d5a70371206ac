import {
  DEFAULT_PAGE_SIZE,
  gradeName,
  holderTypes,
  levels,
  type PaidStudentPage,
  type PaidTitularPage,
  type PaidTitularRow,
  paidMessages,
  paidState,
  paidStateLabel,
} from '@bjp/domain';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import type { Executor } from '../../db/client.js';
import {
  courses,
  inscriptions,
  paidValidations,
  persons,
  students,
  titularAssignments,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isBlockedSql } from '../blocking/index.js';
import { paidFacts } from './facts.js';
import { countColumns, joinUniverse, withPending } from './universe.js';

export const holderTypeName = (id: number) => holderTypes.find((t) => t.id === id)?.name ?? '';
const levelName = (id: number) => levels.find((l) => l.id === id)?.name ?? String(id);

/** The school's teacher and director titulars with their students' counts (one row per person). */
/**
 * `declaredOnly`: the students of the declaration (validated ones): what a consolidated school
 * declared, without bank payments that arrived after it (PAGADO POR BANCO SIN DECLARAR).
 */
export function titularGroups(
  db: Executor,
  sie: number,
  year: number,
  personId?: number,
  declaredOnly = false,
) {
  const grouped = joinUniverse(
    db
      .select({
        personId: titularAssignments.personId,
        // A person is MAESTRO for some students and DIRECTOR for others only by mistake; show the higher.
        holderTypeId: sql<number>`max(${titularAssignments.holderTypeId})::int`.as('holder_type_id'),
        total: countColumns.total.as('total'),
        validated: countColumns.validated.as('validated'),
        delivered: countColumns.delivered.as('delivered'),
        undelivered: countColumns.undelivered.as('undelivered'),
      })
      .from(inscriptions)
      .$dynamic(),
    sie,
    year,
    and(
      personId === undefined ? undefined : eq(titularAssignments.personId, personId),
      declaredOnly ? isNotNull(paidValidations.inscriptionId) : undefined,
    ),
  )
    .groupBy(titularAssignments.personId)
    .as('g');
  return db
    .select({
      personId: grouped.personId,
      holderTypeId: grouped.holderTypeId,
      total: grouped.total,
      validated: grouped.validated,
      delivered: grouped.delivered,
      undelivered: grouped.undelivered,
      carnet: persons.carnet,
      complemento: persons.complemento,
      paterno: persons.firstLastName,
      materno: persons.secondLastName,
      name: persons.name,
    })
    .from(grouped)
    .innerJoin(persons, eq(persons.id, grouped.personId))
    .orderBy(asc(persons.firstLastName), asc(persons.secondLastName), asc(persons.name), asc(persons.id))
    .$dynamic();
}

type GroupRow = Awaited<ReturnType<ReturnType<typeof titularGroups>['execute']>>[number];

export const toTitularRow = (r: GroupRow): PaidTitularRow => ({
  personId: r.personId,
  carnet: r.carnet,
  complemento: r.complemento,
  paterno: r.paterno,
  materno: r.materno,
  name: r.name,
  holderTypeId: r.holderTypeId,
  holderTypeName: holderTypeName(r.holderTypeId),
  ...withPending(r),
});

/** 'Lista de Maestros o Directores como TITULAR DE COBRO', 10 a page, by paterno, materno, nombres. */
export async function listTitulars(deps: AppDeps, sie: number, page: number): Promise<PaidTitularPage> {
  const { year } = await paidFacts(deps.db, sie);
  const [rows, [count]] = await Promise.all([
    titularGroups(deps.db, sie, year)
      .limit(DEFAULT_PAGE_SIZE)
      .offset((page - 1) * DEFAULT_PAGE_SIZE),
    joinUniverse(
      deps.db
        .select({ n: sql<number>`count(DISTINCT ${titularAssignments.personId})::int` })
        .from(inscriptions)
        .$dynamic(),
      sie,
      year,
    ),
  ]);
  return { items: rows.map(toTitularRow), page, pageSize: DEFAULT_PAGE_SIZE, total: count?.n ?? 0 };
}

/** The holder card (carnet, paterno, materno, nombres, holder type) with its counts. */
export async function titularCard(deps: AppDeps, sie: number, personId: number): Promise<PaidTitularRow> {
  const { year } = await paidFacts(deps.db, sie);
  const [row] = await titularGroups(deps.db, sie, year, personId);
  if (!row) throw new AppError('not_found', paidMessages.titularNotFound);
  return toTitularRow(row);
}

/** One titular's students with their state button, 10 a page, by paterno, materno, nombre. */
export async function titularStudents(
  deps: AppDeps,
  sie: number,
  personId: number,
  page: number,
): Promise<PaidStudentPage> {
  const { year } = await paidFacts(deps.db, sie);
  const mine = eq(titularAssignments.personId, personId);
  const offset = (page - 1) * DEFAULT_PAGE_SIZE;
  const [rows, [count]] = await Promise.all([
    joinUniverse(
      deps.db
        .select({
          inscriptionId: inscriptions.id,
          rude: students.rude,
          paterno: students.firstLastName,
          materno: students.secondLastName,
          name: students.name,
          levelId: courses.levelId,
          gradeId: courses.gradeId,
          isPaid: paidValidations.isPaid,
          blocked: isBlockedSql(inscriptions.id),
        })
        .from(inscriptions)
        .innerJoin(students, eq(students.id, inscriptions.studentId))
        .innerJoin(courses, eq(courses.id, inscriptions.courseId))
        .$dynamic(),
      sie,
      year,
      mine,
    )
      .orderBy(
        asc(students.firstLastName),
        asc(students.secondLastName),
        asc(students.name),
        asc(inscriptions.id),
      )
      .limit(DEFAULT_PAGE_SIZE)
      .offset(offset),
    joinUniverse(
      deps.db.select({ n: sql<number>`count(*)::int` }).from(inscriptions).$dynamic(),
      sie,
      year,
      mine,
    ),
  ]);
  const total = count?.n ?? 0;
  if (total === 0) throw new AppError('not_found', paidMessages.titularNotFound);
  return {
    items: rows.map(({ levelId, gradeId, isPaid, ...r }, i) => ({
      ...r,
      number: offset + i + 1,
      nivel: levelName(levelId),
      grado: gradeName(gradeId),
      isPaid,
      state: paidState(isPaid),
      stateLabel: paidStateLabel(isPaid),
    })),
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
  };
}
