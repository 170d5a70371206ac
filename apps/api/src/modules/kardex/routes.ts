import { kardex, kardexParams, kardexSearchPage, kardexSearchQuery } from '@bjp/domain';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import { studentKardex } from './kardex.js';
import { searchStudents } from './search.js';

/**
 * 'Kardex del Estudiante' for everyone who reads titulars (issue 16): national, department and
 * district staff and directors, each within their place. holders.view is exactly that set.
 */
export async function kardexRoutes(app: AppInstance) {
  const tags = ['kardex'];
  app.get(
    '/kardex/students',
    {
      schema: { tags, querystring: kardexSearchQuery, response: { 200: kardexSearchPage } },
      preHandler: guard('holders.view'),
    },
    async (req) => searchStudents(app.deps, req.authUser, req.query),
  );
  app.get(
    '/kardex/students/:rude',
    { schema: { tags, params: kardexParams, response: { 200: kardex } }, preHandler: guard('holders.view') },
    async (req) => studentKardex(app.deps, req.params.rude, req.authUser),
  );
}
