import {
  declarationVersionList,
  declarationVersionParams,
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
  yearQuery,
} from '@bjp/domain';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import { withDocument } from '../../documents/service.js';
import { declarationVersionPdf, listVersions, sendStored } from '../declarations/index.js';
import { yearToRead } from '../settings/index.js';
import { consolidate } from './consolidation.js';
import { schoolOf } from './facts.js';
import { paidDeclarationForDownload, paidDeclarationOfYear } from './frozen.js';
import { listTitulars, titularCard, titularStudents } from './lists.js';
import { paidReport as buildReport } from './report.js';
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
    async (req) => institutionState(app.deps, req.authUser, req.params.sie),
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
      saveValidation(app.deps, req.authUser, req.params.sie, req.params.inscriptionId, req.body, req.ip),
  );

  app.post(
    `${base}/consolidation`,
    { schema: { tags, params: sieParams, response: { 200: paidConsolidationResult } }, preHandler: validate },
    async (req, reply) =>
      withDocument(reply, (render) => consolidate(app.deps, req.authUser, req.params.sie, req.ip, render)),
  );

  app.get(
    `${base}/report`,
    {
      schema: { tags, params: sieParams, querystring: yearQuery, response: { 200: paidReport } },
      preHandler: view,
    },
    async (req) => buildReport(app.deps, req.params.sie, app.deps.db, req.query.year),
  );

  app.get(
    `${base}/report/document`,
    {
      schema: {
        tags,
        params: sieParams,
        querystring: yearQuery,
        description:
          'Reporte DDJJ (CEE) o reporte de validación (UE) en PDF apaisado, tras consolidar; de una gestión cerrada, el último guardado',
        response: { 200: z.any().describe('application/pdf') },
      },
      preHandler: view,
    },
    async (req, reply) => {
      const year = await yearToRead(app.deps.db, req.query.year);
      if (year.closed)
        return sendStored(
          reply,
          await paidDeclarationOfYear(app.deps, req.params.sie, year.year, (work) =>
            withDocument(reply, work),
          ),
        );
      // Issue 12: the stored (frozen) declaration, byte for byte; stored at its first download for a
      // school consolidated before declarations were stored.
      const stored = await paidDeclarationForDownload(app.deps, req.params.sie, (work) =>
        withDocument(reply, work),
      );
      return sendStored(reply, stored);
    },
  );

  app.get(
    `${base}/report/document/versions`,
    {
      schema: {
        tags,
        params: sieParams,
        querystring: yearQuery,
        description:
          'Versiones guardadas de la declaración de la validación de pagados de la gestión (vigente y reemplazadas)',
        response: { 200: declarationVersionList },
      },
      preHandler: view,
    },
    async (req) => {
      const { year } = await yearToRead(app.deps.db, req.query.year);
      return listVersions(app.deps.db, req.params.sie, 'paid_validation', year);
    },
  );

  app.get(
    `${base}/report/document/versions/:version`,
    {
      schema: {
        tags,
        params: declarationVersionParams,
        querystring: yearQuery,
        description:
          'Una versión guardada de la declaración de la validación de pagados de la gestión, tal como se emitió (las versiones se numeran por gestión)',
        response: { 200: z.any().describe('application/pdf') },
      },
      preHandler: view,
    },
    async (req, reply) => {
      // Versions count per year (decision 042): without ?year=, the open year's version.
      const { year } = await yearToRead(app.deps.db, req.query.year);
      return sendStored(
        reply,
        await declarationVersionPdf(app.deps.db, req.params.sie, 'paid_validation', year, req.params.version),
      );
    },
  );
}
