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
} from '@bjp/domain';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import { sendPdf } from '../../documents/send.js';
import { withDocument } from '../../documents/service.js';
import { loadPlace, ownPlace } from './places.js';
import { trackingReport } from './report.js';
import * as tracking from './service.js';

const tags = ['tracking'];
const filters = trackingQuery.omit({ page: true });

/** Seguimiento Operativo BJP: department and district lists, the SIE lookup and the report PDF. */
export async function trackingRoutes(app: AppInstance) {
  const { db } = app.deps;

  app.get(
    '/tracking/me/:level',
    {
      schema: { tags, params: trackingLevelParams, response: { 200: trackingPlace } },
      preHandler: guard('tracking.view'),
    },
    async (req) => loadPlace(db, ownPlace(req.user!, req.params.level)),
  );

  app.get(
    '/tracking/departments/:departmentId',
    {
      schema: { tags, params: departmentParams, response: { 200: trackingOverview } },
      preHandler: guard('tracking.view', (req) => ({
        department: (req.params as { departmentId: number }).departmentId,
      })),
    },
    async (req) => tracking.overview(db, { level: 'department', id: req.params.departmentId }),
  );
  app.get(
    '/tracking/departments/:departmentId/institutions',
    {
      schema: { tags, params: departmentParams, querystring: trackingQuery, response: { 200: trackingPage } },
      preHandler: guard('tracking.view', (req) => ({
        department: (req.params as { departmentId: number }).departmentId,
      })),
    },
    async (req) =>
      tracking.listInstitutions(db, { level: 'department', id: req.params.departmentId }, req.query),
  );
  app.get(
    '/tracking/departments/:departmentId/report',
    {
      schema: { tags, params: departmentParams, querystring: filters, produces: ['application/pdf'] },
      preHandler: guard('tracking.view', (req) => ({
        department: (req.params as { departmentId: number }).departmentId,
      })),
    },
    async (req, reply) =>
      withDocument(reply, async (render) => {
        const ref = { level: 'department', id: req.params.departmentId } as const;
        const report = await trackingReport(app.deps, ref, req.query, render);
        return sendPdf(reply, report.fileName, report.pdf);
      }),
  );

  app.get(
    '/tracking/districts/:districtId',
    {
      schema: { tags, params: districtParams, response: { 200: trackingOverview } },
      preHandler: guard('tracking.view', (req) => ({
        district: (req.params as { districtId: number }).districtId,
      })),
    },
    async (req) => tracking.overview(db, { level: 'district', id: req.params.districtId }),
  );
  app.get(
    '/tracking/districts/:districtId/institutions',
    {
      schema: { tags, params: districtParams, querystring: trackingQuery, response: { 200: trackingPage } },
      preHandler: guard('tracking.view', (req) => ({
        district: (req.params as { districtId: number }).districtId,
      })),
    },
    async (req) => tracking.listInstitutions(db, { level: 'district', id: req.params.districtId }, req.query),
  );
  app.get(
    '/tracking/districts/:districtId/report',
    {
      schema: { tags, params: districtParams, querystring: filters, produces: ['application/pdf'] },
      preHandler: guard('tracking.view', (req) => ({
        district: (req.params as { districtId: number }).districtId,
      })),
    },
    async (req, reply) =>
      withDocument(reply, async (render) => {
        const ref = { level: 'district', id: req.params.districtId } as const;
        const report = await trackingReport(app.deps, ref, req.query, render);
        return sendPdf(reply, report.fileName, report.pdf);
      }),
  );

  app.get(
    '/tracking/institutions/:sie',
    {
      schema: { tags, params: institutionCodeParams, response: { 200: trackingInstitution } },
      preHandler: guard('tracking.view', (req) => ({ institution: (req.params as { sie: number }).sie })),
    },
    async (req) => tracking.institutionTracking(db, req.params.sie),
  );
}
