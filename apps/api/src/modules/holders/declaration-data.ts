import { holderMessages } from '@bjp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import type { Executor } from '../../db/client.js';
import { courses, inscriptions, levels, shifts, users } from '../../db/schema/index.js';
import type { DeclarationCounts, DeclarationData } from '../../documents/inputs.js';
import { AppError } from '../../lib/errors.js';
import { studentDetails } from '../reports/index.js';
import { institutionCard } from '../structure/index.js';
import { institutionFacts } from './context.js';

const counts = {
  total: sql<number>`count(*)::int`,
  apoderados: sql<number>`count(*) FILTER (WHERE n.removed_at IS NULL AND t.holder_type_id = 1)::int`,
  maestros: sql<number>`count(*) FILTER (WHERE n.removed_at IS NULL AND t.holder_type_id = 2)::int`,
  directores: sql<number>`count(*) FILTER (WHERE n.removed_at IS NULL AND t.holder_type_id = 3)::int`,
  removed: sql<number>`count(*) FILTER (WHERE n.removed_at IS NOT NULL)::int`,
  pending: sql<number>`count(*) FILTER (WHERE n.removed_at IS NULL AND t.id IS NULL)::int`,
};

function sum(rows: DeclarationCounts[]): DeclarationCounts {
  const total: DeclarationCounts = {
    total: 0,
    apoderados: 0,
    maestros: 0,
    directores: 0,
    removed: 0,
    pending: 0,
  };
  for (const r of rows)
    for (const k of Object.keys(total) as Array<keyof DeclarationCounts>) total[k] += r[k];
  return total;
}

/**
 * What the declaration states, by shift, level, grade and parallel, from one GROUP BY over the
 * school's inscriptions (a 1,500-student school is a few dozen rows). Only after consolidation:
 * the declaration is of the closed list.
 */
export async function declarationData(
  deps: AppDeps,
  sie: number,
  db: Executor = deps.db,
): Promise<DeclarationData> {
  const facts = await institutionFacts(deps, db, sie);
  if (!facts.consolidatedAt) throw new AppError('conflict', holderMessages.declarationBeforeConsolidation);
  const card = await institutionCard(db, sie);
  const rows = await db
    .select({
      shift: shifts.name,
      level: levels.name,
      shiftId: courses.shiftId,
      levelId: courses.levelId,
      gradeId: courses.gradeId,
      parallelId: courses.parallelId,
      ...counts,
    })
    .from(sql`${inscriptions} n`)
    .innerJoin(courses, sql`${courses.id} = n.course_id`)
    .innerJoin(shifts, eq(shifts.id, courses.shiftId))
    .innerJoin(levels, eq(levels.id, courses.levelId))
    .leftJoin(sql`titular_assignments t`, sql`t.inscription_id = n.id AND t.removed_at IS NULL`)
    .where(and(sql`n.institution_id = ${sie}`, sql`n.year = ${facts.year}`))
    .groupBy(courses.shiftId, shifts.name, courses.levelId, levels.name, courses.gradeId, courses.parallelId)
    .orderBy(courses.shiftId, courses.levelId, courses.gradeId, courses.parallelId);
  const [by] = await db
    .select({ name: sql<string>`trim(${users.name} || ' ' || ${users.firstLastName})` })
    .from(users)
    .where(eq(users.id, sql`(SELECT holders_consolidated_by FROM institutions WHERE id = ${sie})`));
  const declarationRows = rows.map(({ shiftId: _s, levelId: _l, ...r }) => r);
  return {
    sie,
    name: card.name,
    typeName: card.typeName,
    codeType: card.codeType,
    district: card.districtName,
    department: card.departmentName,
    year: facts.year,
    consolidatedAt: facts.consolidatedAt,
    consolidatedBy: by?.name ?? '',
    rows: declarationRows,
    totals: sum(declarationRows),
    students: (await studentDetails(db, sie, facts.year)).map((s) => ({
      shiftId: s.shiftId,
      levelId: s.levelId,
      gradeId: s.gradeId,
      parallelId: s.parallelId,
      rude: s.rude,
      student: [s.firstLastName, s.secondLastName, s.name].filter(Boolean).join(' '),
      birthDate: s.birthDate,
      titularCarnet: s.titularCarnet,
      titularName: s.titularName,
      titularType: s.titularType,
    })),
  };
}
