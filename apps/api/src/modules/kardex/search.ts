import { DEFAULT_PAGE_SIZE, type KardexSearchPage, type KardexSearchQuery } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { studentSearchPage } from './queries.js';

/**
 * 'Kardex del Estudiante' search: students with an inscription in a school of the caller's place,
 * each once with its latest such inscription, by name; 10 a page with the total.
 */
export async function searchStudents(
  deps: AppDeps,
  user: AuthUser,
  query: KardexSearchQuery,
): Promise<KardexSearchPage> {
  const { rows, total } = await studentSearchPage(deps.db, user, query.q, query.page);
  return {
    items: rows.map(({ total: _, ...r }) => ({ ...r, name: r.name.replace(/\s+/g, ' ') })),
    page: query.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
  };
}
