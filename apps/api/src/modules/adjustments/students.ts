import { type AdjustmentStudentPage, DEFAULT_PAGE_SIZE } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import { numberedPage, studentWithTitular } from '../../lib/pages.js';
import { adjustmentStudentRows } from './queries.js';

/**
 * The 'Lista' of Ajuste Titulares: the chosen course's students of this year (the whole school
 * when no course is chosen, as a special centre's 'Estudiantes Habilitados'), with the current
 * titular and the adjustment already used, sorted by surnames and name, 10 a page on the server.
 */
export async function adjustmentStudents(
  deps: AppDeps,
  sie: number,
  query: { course?: number; page: number },
): Promise<AdjustmentStudentPage> {
  const offset = (query.page - 1) * DEFAULT_PAGE_SIZE;
  const result = await adjustmentStudentRows(deps.db, sie, query.course, DEFAULT_PAGE_SIZE, offset);
  return numberedPage(result, query.page, DEFAULT_PAGE_SIZE, (r, number) => ({
    ...studentWithTitular(r),
    number,
    adjustmentKind: r.kind,
    removed: Boolean(r.removed),
    blocked: Boolean(r.blocked),
  }));
}
