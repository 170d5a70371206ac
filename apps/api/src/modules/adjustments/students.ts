import { type AdjustmentStudentPage, DEFAULT_PAGE_SIZE } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
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
  const pageSize = DEFAULT_PAGE_SIZE;
  const offset = (query.page - 1) * pageSize;
  const result = await adjustmentStudentRows(deps.db, sie, query.course, pageSize, offset);
  return {
    items: result.map((r, i) => ({
      inscriptionId: Number(r.id),
      number: offset + i + 1,
      rude: r.rude,
      student: r.student,
      titularCarnet: r.carnet,
      titular: r.titular,
      adjustmentKind: r.kind,
      removed: Boolean(r.removed),
      blocked: Boolean(r.blocked),
    })),
    page: query.page,
    pageSize,
    total: Number(result[0]?.total ?? 0),
  };
}
