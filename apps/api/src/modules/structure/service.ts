import {
  courseLabel,
  type InstitutionCard,
  type InstitutionCourses,
  institutionTypeName,
  type MyInstitutions,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { getSettings } from '../settings/index.js';
import { courseRows, institutionRow, institutionsByIds } from './queries.js';

/** The institution card: name, type and place. The route's guard has already checked the scope. */
export async function institutionCard(db: Executor, sie: number): Promise<InstitutionCard> {
  const row = await institutionRow(db, sie);
  if (!row) throw new AppError('not_found', 'Institución no encontrada.');
  return { ...row, typeName: institutionTypeName(row.codeType) };
}

/**
 * The 'Lista' menu: the programme year's courses by level, labelled '{ordinal} - {parallel}' and in
 * grade, parallel and shift order, with their enrolment. Special centres (code_type 4) list no levels;
 * their screen offers 'Estudiantes Habilitados' instead.
 */
export async function institutionCourses(db: Executor, sie: number): Promise<InstitutionCourses> {
  const card = await institutionCard(db, sie);
  const { year } = await getSettings(db);
  if (card.codeType === 4) return { codeType: card.codeType, year, levels: [] };
  const rows = await courseRows(db, sie, year);
  const byLevel = new Map<number, InstitutionCourses['levels'][number]>();
  for (const r of rows) {
    const level = byLevel.get(r.levelId) ?? { levelId: r.levelId, levelName: r.levelName, courses: [] };
    byLevel.set(r.levelId, level);
    level.courses.push({
      courseId: r.courseId,
      gradeId: r.gradeId,
      parallelId: r.parallelId,
      shiftId: r.shiftId,
      shiftName: r.shiftName,
      label: courseLabel(r),
      students: Number(r.students),
    });
  }
  return { codeType: card.codeType, year, levels: [...byLevel.values()] };
}

/** 'Seleccione Institución': the schools of a director; other users have none of their own. */
export async function myInstitutions(deps: AppDeps, user: AuthUser): Promise<MyInstitutions> {
  const ids = user.scope.kind === 'institutions' ? user.scope.institutionIds : [];
  if (ids.length === 0) return { items: [] };
  const items = await institutionsByIds(deps.db, ids);
  return { items };
}
