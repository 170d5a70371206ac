import {
  activeToggle,
  activeToggleResult,
  idParam,
  pageParam,
  periodCatalogs,
  periodCreate,
  periodPage,
  periodRow,
} from '@bjp/domain';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import * as periodsService from './period-service.js';

const idParams = z.object({ id: idParam });
const pageOnly = z.object({ page: pageParam });

/** Periods and stages ('kind-event' in the original): administrators only. */
export async function periodRoutes(app: AppInstance) {
  app.get(
    '/kind-events',
    {
      schema: { tags: ['periods'], querystring: pageOnly, response: { 200: periodPage } },
      preHandler: guard('settings.manage'),
    },
    async (req) => periodsService.listPeriods(app.deps, req.query),
  );

  app.get(
    '/kind-events/catalogs',
    {
      schema: { tags: ['periods'], response: { 200: periodCatalogs } },
      preHandler: guard('settings.manage'),
    },
    async () => periodsService.periodCatalogs(),
  );

  app.post(
    '/kind-events',
    {
      schema: { tags: ['periods'], body: periodCreate, response: { 201: periodRow } },
      preHandler: guard('settings.manage'),
    },
    async (req, reply) =>
      reply.code(201).send(await periodsService.createPeriod(app.deps, req.authUser, req.body, req.ip)),
  );

  app.patch(
    '/kind-events/:id/active',
    {
      schema: {
        tags: ['periods'],
        params: idParams,
        body: activeToggle,
        response: { 200: activeToggleResult },
      },
      preHandler: guard('settings.manage'),
    },
    async (req) =>
      periodsService.setPeriodActive(app.deps, req.authUser, req.params.id, req.body.active, req.ip),
  );
}
