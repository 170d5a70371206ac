import {
  consolidationResult,
  declarationVersionList,
  declarationVersionParams,
  holdersInstitutionState,
  pendingPage,
  pendingQuery,
  periodOpen,
  registrationPeriodResponse,
  relationshipOptions,
  relationships,
  relationshipsAllowedFor,
  relationshipsQuery,
  sieParams,
  studentListQuery,
  studentPage,
  yearQuery,
} from '@bjp/domain';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import { withDocument } from '../../documents/service.js';
import {
  declarationVersionPdf,
  lastDeclarationOfYear,
  listVersions,
  sendStored,
} from '../declarations/index.js';
import { yearToRead } from '../settings/index.js';
import { consolidate, listPending } from './consolidation.js';
import { registrationPeriod, schoolOf } from './context.js';
import { holdersDeclarationForDownload } from './frozen.js';
import { printedDeclaration } from './recorded-print.js';
import { titularRoutes } from './routes-titulars.js';
import { institutionState, listStudents } from './students.js';

/** Holder registration (Registro Titulares): the school's lists, consolidation and the declaration. */
export async function holdersRoutes(app: AppInstance) {
  const tags = ['holders'];

  app.get(
    '/holders/relationships',
    {
      schema: { tags, querystring: relationshipsQuery, response: { 200: relationshipOptions } },
      preHandler: guard('holders.view'),
    },
    async (req) => {
      const allowed = relationshipsAllowedFor(req.query.codeType);
      return {
        items: relationships.filter((r) => allowed.includes(r.id)).map((r) => ({ id: r.id, name: r.name })),
      };
    },
  );

  app.get(
    '/holders/registration-period',
    { schema: { tags, response: { 200: registrationPeriodResponse } }, preHandler: guard('holders.view') },
    async () => {
      const { period } = await registrationPeriod(app.deps.db);
      return {
        open: periodOpen(period, app.deps.clock.today()),
        startsOn: period?.startsOn ?? null,
        endsOn: period?.endsOn ?? null,
      };
    },
  );

  app.get(
    '/holders/institutions/:sie',
    {
      schema: { tags, params: sieParams, response: { 200: holdersInstitutionState } },
      preHandler: guard('holders.view', schoolOf),
    },
    async (req) => institutionState(app.deps, req.authUser, req.params.sie),
  );

  app.get(
    '/holders/institutions/:sie/students',
    {
      schema: { tags, params: sieParams, querystring: studentListQuery, response: { 200: studentPage } },
      preHandler: guard('holders.view', schoolOf),
    },
    async (req) => listStudents(app.deps, req.authUser, req.params.sie, req.query),
  );

  app.get(
    '/holders/institutions/:sie/pending',
    {
      schema: { tags, params: sieParams, querystring: pendingQuery, response: { 200: pendingPage } },
      preHandler: guard('holders.view', schoolOf),
    },
    async (req) => listPending(app.deps, req.params.sie, req.query.page),
  );

  app.post(
    '/holders/institutions/:sie/consolidation',
    {
      schema: { tags, params: sieParams, response: { 200: consolidationResult } },
      preHandler: guard('holders.consolidate', schoolOf),
    },
    async (req, reply) =>
      withDocument(reply, (render) => consolidate(app.deps, req.authUser, req.params.sie, req.ip, render)),
  );

  app.get(
    '/holders/institutions/:sie/declaration',
    {
      schema: {
        tags,
        params: sieParams,
        querystring: yearQuery,
        description:
          'Declaración jurada (PDF apaisado) de la lista consolidada; de una gestión cerrada, la última guardada',
        response: { 200: z.any().describe('application/pdf') },
      },
      preHandler: guard('holders.view', schoolOf),
    },
    async (req, reply) => {
      const year = await yearToRead(app.deps.db, req.query.year);
      if (year.closed)
        return sendStored(
          reply,
          await printedDeclaration(
            app.deps,
            req.params.sie,
            await lastDeclarationOfYear(app.deps.db, req.params.sie, 'holders', year.year),
            (work) => withDocument(reply, work),
          ),
        );
      // Issue 12: the stored (frozen) declaration, byte for byte; stored at its first download for a
      // school consolidated before declarations were stored.
      const stored = await holdersDeclarationForDownload(app.deps, req.params.sie, (work) =>
        withDocument(reply, work),
      );
      return sendStored(reply, stored);
    },
  );

  app.get(
    '/holders/institutions/:sie/declaration/versions',
    {
      schema: {
        tags,
        params: sieParams,
        querystring: yearQuery,
        description:
          'Versiones guardadas de la declaración jurada de titulares de la gestión (vigente y reemplazadas)',
        response: { 200: declarationVersionList },
      },
      preHandler: guard('holders.view', schoolOf),
    },
    async (req) => {
      const { year } = await yearToRead(app.deps.db, req.query.year);
      return listVersions(app.deps.db, req.params.sie, 'holders', year);
    },
  );

  app.get(
    '/holders/institutions/:sie/declaration/versions/:version',
    {
      schema: {
        tags,
        params: declarationVersionParams,
        querystring: yearQuery,
        description:
          'Una versión guardada de la declaración jurada de titulares de la gestión, tal como se emitió (las versiones se numeran por gestión)',
        response: { 200: z.any().describe('application/pdf') },
      },
      preHandler: guard('holders.view', schoolOf),
    },
    async (req, reply) => {
      // Versions count per year (decision 042): without ?year=, the open year's version.
      const { year } = await yearToRead(app.deps.db, req.query.year);
      const row = await declarationVersionPdf(
        app.deps.db,
        req.params.sie,
        'holders',
        year,
        req.params.version,
      );
      return sendStored(
        reply,
        await printedDeclaration(app.deps, req.params.sie, row, (work) => withDocument(reply, work)),
      );
    },
  );

  await app.register(titularRoutes);
}
