import {
  dashboardRangeQuery,
  departmentPaidStats,
  institutionCompletionStats,
  systemStats,
  yearQuery,
} from '@bjp/domain';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import * as dashboard from './service.js';

export async function dashboardRoutes(app: AppInstance) {
  app.get(
    '/statistics/departments-paid',
    {
      schema: {
        tags: ['dashboard'],
        querystring: dashboardRangeQuery,
        response: { 200: departmentPaidStats },
      },
      preHandler: guard('dashboard.view'),
    },
    async (req) => dashboard.departmentPaid(app.deps, req.authUser, req.query),
  );

  app.get(
    '/statistics/systems',
    {
      schema: { tags: ['dashboard'], querystring: dashboardRangeQuery, response: { 200: systemStats } },
      preHandler: guard('dashboard.view'),
    },
    async (req) => dashboard.systemPaid(app.deps, req.authUser, req.query),
  );

  app.get(
    '/statistics/institutions-completion',
    {
      schema: { tags: ['dashboard'], querystring: yearQuery, response: { 200: institutionCompletionStats } },
      preHandler: guard('dashboard.view'),
    },
    async (req) => dashboard.institutionCompletion(app.deps, req.authUser, req.query),
  );
}
