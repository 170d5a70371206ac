import { institutionCard, institutionCourses, myInstitutions, sieParams } from '@bjp/domain';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import * as structure from './service.js';

/**
 * Institution lookups every finder screen shares (holders, adjustments, removals, reports). They
 * need no area permission, only the place inside the caller's scope, so each area's screen can use
 * them and a user without a place (or another place) is refused by the scope check.
 */
export async function structureRoutes(app: AppInstance) {
  app.get(
    '/institutions/mine',
    { schema: { tags: ['structure'], response: { 200: myInstitutions } }, preHandler: guard(null) },
    async (req) => structure.myInstitutions(app.deps, req.authUser),
  );

  app.get(
    '/institutions/:sie',
    {
      schema: { tags: ['structure'], params: sieParams, response: { 200: institutionCard } },
      preHandler: guard(null, (req) => ({ institution: (req.params as { sie: number }).sie })),
    },
    async (req) => structure.institutionCard(app.deps.db, req.params.sie),
  );

  app.get(
    '/institutions/:sie/courses',
    {
      schema: { tags: ['structure'], params: sieParams, response: { 200: institutionCourses } },
      preHandler: guard(null, (req) => ({ institution: (req.params as { sie: number }).sie })),
    },
    async (req) => structure.institutionCourses(app.deps.db, req.params.sie),
  );
}
