import {
  departmentParams,
  districtParams,
  institutionCodeParams,
  type ReconciliationDocumentQuery,
  reconciliationDocumentQuery,
  reconciliationQuery,
  reconciliationReport,
} from '@bjp/domain';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { guard, type PlaceOf } from '../../auth/guard.js';
import { fileTimestamp } from '../../documents/reports/format.js';
import { sendPdf } from '../../documents/send.js';
import { withDocument } from '../../documents/service.js';
import {
  type ReconciliationRef,
  reconciliationDocument,
  reconciliationReport as report,
} from './reconciliation.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const fileToken = (ref: ReconciliationRef) =>
  ref.level === 'national'
    ? 'nacional'
    : `${{ department: 'departamento', district: 'distrito', institution: 'sie' }[ref.level]}_${ref.id}`;

/** The PDF or the spreadsheet of a place's reconciliation, rendered by the document workers. */
function sendReconciliation(
  deps: AppDeps,
  user: AuthUser,
  ref: ReconciliationRef,
  query: ReconciliationDocumentQuery,
  reply: FastifyReply,
) {
  return withDocument(reply, async (render) => {
    const printedAt = deps.clock.now();
    const doc = await reconciliationDocument(deps.db, user, ref, query.state, printedAt);
    const name = `conciliacion_banco_ddjj_${fileToken(ref)}_${fileTimestamp(printedAt)}`;
    if (query.format === 'pdf') return sendPdf(reply, `${name}.pdf`, await render('reconciliationPdf', doc));
    const xlsx = await render('reconciliationXlsx', doc);
    return reply
      .header('Content-Type', XLSX)
      .header('Content-Disposition', `attachment; filename="${name}.xlsx"`)
      .header('Content-Length', xlsx.length)
      .header('Cache-Control', 'no-store')
      .send(xlsx);
  });
}

const produces = ['application/pdf', XLSX];

/**
 * 'Conciliación Banco – DDJJ' (national, department, district, school), each with its download.
 * Scope as the place reports: the national one for national users only, the others through the
 * guard's place check (403 outside the caller's scope, 404 unknown place).
 */
export function reconciliationRoutes(
  app: AppInstance,
  places: { tags: string[]; inDepartment: PlaceOf; inDistrict: PlaceOf; inSchool: PlaceOf },
) {
  const { db } = app.deps;
  const { tags } = places;
  const base = '/reports/reconciliation';

  app.get(
    `${base}/national`,
    {
      schema: { tags, querystring: reconciliationQuery, response: { 200: reconciliationReport } },
      preHandler: guard('reports.view'),
    },
    async (req) => report(db, req.authUser, { level: 'national' }, req.query),
  );
  app.get(
    `${base}/national/document`,
    {
      schema: { tags, querystring: reconciliationDocumentQuery, produces },
      preHandler: guard('reports.view'),
    },
    async (req, reply) => sendReconciliation(app.deps, req.authUser, { level: 'national' }, req.query, reply),
  );

  /** A place level's report and its download, under the guard's place check. */
  const level = <P extends z.ZodType>(
    path: string,
    params: P,
    check: PlaceOf,
    ref: (p: z.output<P>) => ReconciliationRef,
  ) => {
    app.get(
      `${base}/${path}`,
      {
        schema: { tags, params, querystring: reconciliationQuery, response: { 200: reconciliationReport } },
        preHandler: guard('reports.view', check),
      },
      async (req) => report(db, req.authUser, ref(req.params as z.output<P>), req.query),
    );
    app.get(
      `${base}/${path}/document`,
      {
        schema: { tags, params, querystring: reconciliationDocumentQuery, produces },
        preHandler: guard('reports.view', check),
      },
      async (req, reply) =>
        sendReconciliation(app.deps, req.authUser, ref(req.params as z.output<P>), req.query, reply),
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
