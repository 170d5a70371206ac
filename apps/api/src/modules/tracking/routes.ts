import {
  departmentParams,
  districtParams,
  institutionCodeParams,
  trackingInstitution,
  trackingLevelParams,
  trackingOverview,
  trackingPage,
  trackingPlace,
  trackingQuery,
  yearQuery,
} from '@bjp/domain';
import type { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { guard, type PlaceOf } from '../../auth/guard.js';
import { sendPdf } from '../../documents/send.js';
import { withDocument } from '../../documents/service.js';
import { loadPlace, ownPlace, type PlaceRef } from './places.js';
import { trackingReport } from './report.js';
import * as tracking from './service.js';

const tags = ['tracking'];
// Every read takes the gestión (`year`, the open one when absent; decision 040).
const listQuery = trackingQuery.extend(yearQuery.shape);
const filters = listQuery.omit({ page: true });

/** Seguimiento Operativo BJP: department and district lists, the SIE lookup and the report PDF. */
export async function trackingRoutes(app: AppInstance) {
  const { db } = app.deps;

  app.get(
    '/tracking/me/:level',
    {
      schema: { tags, params: trackingLevelParams, response: { 200: trackingPlace } },
      preHandler: guard('tracking.view'),
    },
    async (req) => loadPlace(db, ownPlace(req.authUser, req.params.level)),
  );

  /** A department's or district's overview, school list and report PDF, under the guard's place check. */
  const level = <P extends z.ZodType>(
    path: string,
    params: P,
    check: PlaceOf,
    refOf: (p: z.output<P>) => PlaceRef,
  ) => {
    const ref = (req: { params: unknown }) => refOf(req.params as z.output<P>);
    app.get(
      `/tracking/${path}`,
      {
        schema: { tags, params, querystring: yearQuery, response: { 200: trackingOverview } },
        preHandler: guard('tracking.view', check),
      },
      async (req) => tracking.overview(db, ref(req), req.query),
    );
    app.get(
      `/tracking/${path}/institutions`,
      {
        schema: { tags, params, querystring: listQuery, response: { 200: trackingPage } },
        preHandler: guard('tracking.view', check),
      },
      async (req) => tracking.listInstitutions(db, ref(req), req.query),
    );
    app.get(
      `/tracking/${path}/report`,
      {
        schema: { tags, params, querystring: filters, produces: ['application/pdf'] },
        preHandler: guard('tracking.view', check),
      },
      async (req, reply) =>
        withDocument(reply, async (render) => {
          const report = await trackingReport(app.deps, ref(req), req.query, render);
          return sendPdf(reply, report.fileName, report.pdf);
        }),
    );
  };
  level(
    'departments/:departmentId',
    departmentParams,
    (req) => ({ department: (req.params as { departmentId: number }).departmentId }),
    (p) => ({ level: 'department', id: p.departmentId }),
  );
  level(
    'districts/:districtId',
    districtParams,
    (req) => ({ district: (req.params as { districtId: number }).districtId }),
    (p) => ({ level: 'district', id: p.districtId }),
  );

  app.get(
    '/tracking/institutions/:sie',
    {
      schema: {
        tags,
        params: institutionCodeParams,
        querystring: yearQuery,
        response: { 200: trackingInstitution },
      },
      preHandler: guard('tracking.view', (req) => ({ institution: (req.params as { sie: number }).sie })),
    },
    async (req) => tracking.institutionTracking(db, req.params.sie, req.query),
  );
}
