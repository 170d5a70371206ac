import {
  departmentParams,
  districtParams,
  documentFormat,
  institutionCodeParams,
  institutionOptions,
  institutionReport,
  institutionStudentsQuery,
  placeReport,
  studentPaymentPage,
  trackingLevelParams,
  userPlace,
  yearQuery,
} from '@bjp/domain';
import type { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { guard, type PlaceOf } from '../../auth/guard.js';
import { loadPlace, ownPlace } from '../tracking/index.js';
import { sendPlaceReport, sendStudentsReport } from './downloads.js';
import * as institution from './institution-report.js';
import { observedRoutes } from './observed-routes.js';
import * as reports from './place-report.js';
import type { ReportRef } from './queries/place.js';
import { reconciliationRoutes } from './reconciliation-routes.js';

const tags = ['reports'];
const documentSchema = {
  querystring: documentFormat.extend(yearQuery.shape),
  produces: ['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
};
const inDepartment = (req: { params: unknown }) => ({
  department: (req.params as { departmentId: number }).departmentId,
});
const inDistrict = (req: { params: unknown }) => ({
  district: (req.params as { districtId: number }).districtId,
});
const inSchool = (req: { params: unknown }) => ({ institution: (req.params as { sie: number }).sie });

/** Reporte Nacional / Departamental / Distrito BJP and Reporte Institución, with their downloads. */
export async function reportsRoutes(app: AppInstance) {
  const { db } = app.deps;

  app.get(
    '/reports/me/:level',
    {
      schema: { tags, params: trackingLevelParams, response: { 200: userPlace } },
      preHandler: guard('reports.view'),
    },
    async (req) => {
      const place = await loadPlace(db, ownPlace(req.authUser, req.params.level));
      return { level: place.level, id: place.id, name: place.name };
    },
  );

  app.get(
    '/reports/national',
    {
      schema: { tags, querystring: yearQuery, response: { 200: placeReport } },
      preHandler: guard('reports.view'),
    },
    async (req) => reports.placeReport(db, req.authUser, { level: 'national' }, req.query.year),
  );
  app.get(
    '/reports/national/document',
    { schema: { tags, ...documentSchema }, preHandler: guard('reports.view') },
    async (req, reply) =>
      sendPlaceReport(app.deps, req.authUser, { level: 'national' }, req.query.format, reply, req.query.year),
  );

  /** A department's or district's report and its download, under the guard's place check. */
  const level = <P extends z.ZodType>(
    path: string,
    params: P,
    check: PlaceOf,
    ref: (p: z.output<P>) => ReportRef,
  ) => {
    app.get(
      `/reports/${path}`,
      {
        schema: { tags, params, querystring: yearQuery, response: { 200: placeReport } },
        preHandler: guard('reports.view', check),
      },
      async (req) => reports.placeReport(db, req.authUser, ref(req.params as z.output<P>), req.query.year),
    );
    app.get(
      `/reports/${path}/document`,
      {
        schema: { tags, params, ...documentSchema },
        preHandler: guard('reports.view', check),
      },
      async (req, reply) =>
        sendPlaceReport(
          app.deps,
          req.authUser,
          ref(req.params as z.output<P>),
          req.query.format,
          reply,
          req.query.year,
        ),
    );
  };
  level('departments/:departmentId', departmentParams, inDepartment, (p) => ({
    level: 'department',
    id: p.departmentId,
  }));
  level('districts/:districtId', districtParams, inDistrict, (p) => ({
    level: 'district',
    id: p.districtId,
  }));

  app.get(
    '/reports/institutions',
    { schema: { tags, response: { 200: institutionOptions } }, preHandler: guard('reports.view') },
    async (req) => institution.institutionOptions(db, req.authUser),
  );
  app.get(
    '/reports/institutions/:sie',
    {
      schema: {
        tags,
        params: institutionCodeParams,
        querystring: yearQuery,
        response: { 200: institutionReport },
      },
      preHandler: guard('reports.view', inSchool),
    },
    async (req) => institution.institutionReport(db, req.params.sie, req.query.year),
  );
  app.get(
    '/reports/institutions/:sie/students',
    {
      schema: {
        tags,
        params: institutionCodeParams,
        querystring: institutionStudentsQuery.extend(yearQuery.shape),
        response: { 200: studentPaymentPage },
      },
      preHandler: guard('reports.view', inSchool),
    },
    async (req) => institution.institutionStudents(db, req.params.sie, req.query),
  );
  app.get(
    '/reports/institutions/:sie/document',
    {
      schema: { tags, params: institutionCodeParams, ...documentSchema },
      preHandler: guard('reports.view', inSchool),
    },
    async (req, reply) =>
      sendStudentsReport(app.deps, req.params.sie, req.query.format, reply, req.query.year),
  );

  reconciliationRoutes(app, { tags, inDepartment, inDistrict, inSchool });
  observedRoutes(app, { tags, inDepartment, inDistrict, inSchool });
}
