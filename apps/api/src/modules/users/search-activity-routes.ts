import { searchActivityPage, searchActivityQuery } from '@bjp/domain';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import { searchActivity } from './search-activity.js';

/**
 * 'Búsquedas de personas' (issue 13): who searched persons by document, how often and with how many
 * hits, unusual volumes first. Administrators only: it names staff and hints at investigations.
 */
export async function searchActivityRoutes(app: AppInstance) {
  app.get(
    '/users/person-search-activity',
    {
      schema: { tags: ['users'], querystring: searchActivityQuery, response: { 200: searchActivityPage } },
      preHandler: guard('users.manage'),
    },
    async (req) => searchActivity(app.deps.db, req.query),
  );
}
