import {
  paidConsolidationResult,
  paidInscriptionParams,
  paidInstitutionState,
  paidPageQuery,
  paidReport,
  paidStudentPage,
  paidTitularPage,
  paidTitularParams,
  paidTitularRow,
  saveValidationRequest,
  saveValidationResult,
  sieParams,
  storedValidation,
} from '@bjp/domain';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { guard } from '../../auth/guard.js';
import { paidReportFileName } from '../../documents/paid-validation/report-pdf.js';
import { withDocument } from '../../documents/service.js';
import { consolidate } from './consolidation.js';
import { schoolOf } from './facts.js';
import { listTitulars, titularCard, titularStudents } from './lists.js';
import { paidReport as buildReport, reportStudents } from './report.js';
import { institutionState } from './state.js';
import { loadValidation, saveValidation } from './validation.js';

/** Paid validation (Validación Pagados): lists, the per-student validation, consolidation, report. */
export async function paidValidationRoutes(app: AppInstance) {
  const tags = ['paid-validation'];
  const base = '/paid-validation/institutions/:sie';
  const view = guard('paid.view', schoolOf);
  const validate = guard('paid.validate', schoolOf);

  app.get(
    base,
    { schema: { tags, params: sieParams, response: { 200: paidInstitutionState } }, preHandler: view },
    async (req) => institutionState(app.deps, req.user!, req.params.sie),
  );

  app.get(
    `${base}/titulars`,
    {
      schema: { tags, params: sieParams, querystring: paidPageQuery, response: { 200: paidTitularPage } },
      preHandler: view,
    },
    async (req) => listTitulars(app.deps, req.params.sie, req.query.page),
  );

  app.get(
    `${base}/titulars/:personId`,
    { schema: { tags, params: paidTitularParams, response: { 200: paidTitularRow } }, preHandler: view },
    async (req) => titularCard(app.deps, req.params.sie, req.params.personId),
  );

  app.get(
    `${base}/titulars/:personId/students`,
    {
      schema: {
        tags,
        params: paidTitularParams,
        querystring: paidPageQuery,
        response: { 200: paidStudentPage },
      },
      preHandler: view,
    },
    async (req) => titularStudents(app.deps, req.params.sie, req.params.personId, req.query.page),
  );

  app.get(
    `${base}/inscriptions/:inscriptionId/validation`,
    {
      schema: { tags, params: paidInscriptionParams, response: { 200: storedValidation } },
      preHandler: view,
    },
    async (req) => loadValidation(app.deps, req.params.sie, req.params.inscriptionId),
  );

  app.put(
    `${base}/inscriptions/:inscriptionId/validation`,
    {
      schema: {
        tags,
        params: paidInscriptionParams,
        body: saveValidationRequest,
        response: { 200: saveValidationResult },
      },
      preHandler: validate,
    },
    async (req) =>
      saveValidation(app.deps, req.user!, req.params.sie, req.params.inscriptionId, req.body, req.ip),
  );

  app.post(
    `${base}/consolidation`,
    { schema: { tags, params: sieParams, response: { 200: paidConsolidationResult } }, preHandler: validate },
    async (req) => consolidate(app.deps, req.user!, req.params.sie, req.ip),
  );

  app.get(
    `${base}/report`,
    { schema: { tags, params: sieParams, response: { 200: paidReport } }, preHandler: view },
    async (req) => buildReport(app.deps, req.params.sie),
  );

  app.get(
    `${base}/report/document`,
    {
      schema: {
        tags,
        params: sieParams,
        description: 'Reporte DDJJ (CEE) o reporte de validación (UE) en PDF apaisado, tras consolidar',
        response: { 200: z.any().describe('application/pdf') },
      },
      preHandler: view,
    },
    async (req, reply) =>
      withDocument(reply, async (render) => {
        const report = await buildReport(app.deps, req.params.sie);
        const students = await reportStudents(app.deps, req.params.sie, report.year);
        const printedAt = app.deps.clock.now();
        const pdf = await render('paidReportPdf', { report, students, printedAt });
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${paidReportFileName(report, printedAt)}"`)
          .send(pdf);
      }),
  );
}
