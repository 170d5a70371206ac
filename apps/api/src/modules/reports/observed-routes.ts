import {
  departmentParams,
  districtParams,
  institutionCodeParams,
  type ObservedDocumentQuery,
  observedDocumentQuery,
  observedQuery,
  observedReport,
} from '@bjp/domain';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { guard, type PlaceOf } from '../../auth/guard.js';
import { fileTimestamp } from '../../documents/reports/format.js';
import { withDocument } from '../../documents/service.js';
import { observedDocument, observedReport as report } from './observed.js';
import type { ReconciliationRef } from './queries/reconciliation.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const fileToken = (ref: ReconciliationRef) =>
  ref.level === 'national'
    ? 'nacional'
    : `${{ department: 'departamento', district: 'distrito', institution: 'sie' }[ref.level]}_${ref.id}`;

/** The spreadsheet of a place's observed payments, rendered by the document workers. */
function sendObserved(
  deps: AppDeps,
  user: AuthUser,
  ref: ReconciliationRef,
  query: ObservedDocumentQuery,
  reply: FastifyReply,
) {
  return withDocument(reply, async (render) => {
    const printedAt = deps.clock.now();
    const doc = await observedDocument(deps.db, user, ref, query, printedAt);
    const xlsx = await render('observedXlsx', doc);
    return reply
      .header('Content-Type', XLSX)
      .header(
        'Content-Disposition',
        `attachment; filename="pagos_observados_${fileToken(ref)}_${fileTimestamp(printedAt)}.xlsx"`,
      )
      .header('Content-Length', xlsx.length)
      .header('Cache-Control', 'no-store')
      .send(xlsx);
  });
}

/**
 * 'Pagos observados' (national, department, district, school), each with its spreadsheet. Scope as
 * the reconciliation: the national one for national users only, the others through the guard's
 * place check (403 outside the caller's scope, 404 unknown place), so no row outside it is read.
 */
export function observedRoutes(
  app: AppInstance,
  places: { tags: string[]; inDepartment: PlaceOf; inDistrict: PlaceOf; inSchool: PlaceOf },
) {
  const { db } = app.deps;
  const { tags } = places;
  const base = '/reports/observed-payments';
  const produces = [XLSX];

  app.get(
    `${base}/national`,
    {
      schema: { tags, querystring: observedQuery, response: { 200: observedReport } },
      preHandler: guard('reports.view'),
    },
    async (req) => report(db, req.authUser, { level: 'national' }, req.query),
  );
  app.get(
    `${base}/national/xlsx`,
    { schema: { tags, querystring: observedDocumentQuery, produces }, preHandler: guard('reports.view') },
    async (req, reply) => sendObserved(app.deps, req.authUser, { level: 'national' }, req.query, reply),
  );

  /** A place level's report and its spreadsheet, under the guard's place check. */
  const level = <P extends z.ZodType>(
    path: string,
    params: P,
    check: PlaceOf,
    ref: (p: z.output<P>) => ReconciliationRef,
  ) => {
    app.get(
      `${base}/${path}`,
      {
        schema: { tags, params, querystring: observedQuery, response: { 200: observedReport } },
        preHandler: guard('reports.view', check),
      },
      async (req) => report(db, req.authUser, ref(req.params as z.output<P>), req.query),
    );
    app.get(
      `${base}/${path}/xlsx`,
      {
        schema: { tags, params, querystring: observedDocumentQuery, produces },
        preHandler: guard('reports.view', check),
      },
      async (req, reply) =>
        sendObserved(app.deps, req.authUser, ref(req.params as z.output<P>), req.query, reply),
    );
  };
  level('departments/:departmentId', departmentParams, places.inDepartment, (p) => ({
    level: 'department',
    id: p.departmentId,
  }));
  level('districts/:districtId', districtParams, places.inDistrict, (p) => ({
    level: 'district',
    id: p.districtId,
  }));
  level('institutions/:sie', institutionCodeParams, places.inSchool, (p) => ({
    level: 'institution',
    id: p.sie,
  }));
}
