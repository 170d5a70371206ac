import {
  addGuardianRequest,
  adjustmentHistoryPage,
  adjustmentHistoryQuery,
  adjustmentInstitutionState,
  adjustmentModalResponse,
  adjustmentStudent,
  adjustmentStudentPage,
  adjustmentStudentsQuery,
  idParam,
  newTitularRequest,
  personData,
  reenableRequest,
  reenableResult,
  relationshipUpdateRequest,
  rudeInSchoolParams,
  sieParams,
  titularSaveRequest,
} from '@bjp/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import { schoolOf } from '../holders/index.js';
import { guardAny } from './access.js';
import {
  addExisting,
  addNew,
  changeTitularRelationship,
  editPersonData,
  removeCandidate,
  saveAdjustedTitular,
} from './changes.js';
import { adjustmentHistory } from './history.js';
import { adjustmentModal } from './modal.js';
import { sendProgressWorkbook } from './progress.js';
import { reenableStudent } from './reenable.js';
import { adjustmentInstitution, findAdjustmentStudent } from './student.js';
import { adjustmentStudents } from './students.js';

const id = idParam;
const inscriptionParams = sieParams.extend({ inscriptionId: id });
const guardianParams = inscriptionParams.extend({ guardianId: id });
const personParams = inscriptionParams.extend({ personId: id });

/** Ajuste Titulares (after consolidation) and Procesar Ajustes Solicitados. */
export async function adjustmentsRoutes(app: AppInstance) {
  const tags = ['adjustments'];
  const base = '/adjustments/institutions/:sie';
  const inscription = `${base}/inscriptions/:inscriptionId`;
  const request = guard('adjustments.request', schoolOf);
  const change = (req: FastifyRequest, params: { sie: number; inscriptionId: number }) => ({
    deps: app.deps,
    user: req.authUser,
    sie: params.sie,
    inscriptionId: params.inscriptionId,
    ip: req.ip,
  });
  const modal = { 200: adjustmentModalResponse };

  app.get(
    base,
    {
      schema: { tags, params: sieParams, response: { 200: adjustmentInstitutionState } },
      preHandler: request,
    },
    async (req) => adjustmentInstitution(app.deps, req.params.sie),
  );

  app.get(
    `${base}/students`,
    {
      schema: {
        tags,
        params: sieParams,
        querystring: adjustmentStudentsQuery,
        response: { 200: adjustmentStudentPage },
      },
      preHandler: request,
    },
    async (req) => adjustmentStudents(app.deps, req.params.sie, req.query),
  );

  app.get(
    `${base}/students/:rude`,
    {
      schema: { tags, params: rudeInSchoolParams, response: { 200: adjustmentStudent } },
      preHandler: request,
    },
    async (req) => findAdjustmentStudent(app.deps, req.params.sie, req.params.rude),
  );

  app.get(
    `${inscription}/titulars`,
    { schema: { tags, params: inscriptionParams, response: modal }, preHandler: request },
    async (req) => adjustmentModal(app.deps, req.authUser, req.params.sie, req.params.inscriptionId),
  );

  app.post(
    `${inscription}/guardians`,
    {
      schema: { tags, params: inscriptionParams, body: addGuardianRequest, response: modal },
      preHandler: request,
    },
    async (req) => addExisting(change(req, req.params), req.body),
  );

  app.post(
    `${inscription}/guardians/new`,
    {
      schema: { tags, params: inscriptionParams, body: newTitularRequest, response: modal },
      preHandler: request,
    },
    async (req) => addNew(change(req, req.params), req.body),
  );

  app.delete(
    `${inscription}/guardians/:guardianId`,
    { schema: { tags, params: guardianParams, response: modal }, preHandler: request },
    async (req) => removeCandidate(change(req, req.params), req.params.guardianId),
  );

  app.patch(
    `${inscription}/guardians/:guardianId`,
    {
      schema: { tags, params: guardianParams, body: relationshipUpdateRequest, response: modal },
      preHandler: request,
    },
    async (req) =>
      changeTitularRelationship(change(req, req.params), req.params.guardianId, req.body.relationshipId),
  );

  app.put(
    `${inscription}/persons/:personId`,
    { schema: { tags, params: personParams, body: personData, response: modal }, preHandler: request },
    async (req) => editPersonData(change(req, req.params), req.params.personId, req.body),
  );

  app.put(
    `${inscription}/titular`,
    {
      schema: { tags, params: inscriptionParams, body: titularSaveRequest, response: modal },
      preHandler: request,
    },
    async (req) => saveAdjustedTitular(change(req, req.params), req.body.guardianId),
  );

  app.get(
    '/adjustments/history',
    {
      schema: { tags, querystring: adjustmentHistoryQuery, response: { 200: adjustmentHistoryPage } },
      preHandler: guardAny('adjustments.request', 'adjustments.process', 'removals.manage'),
    },
    async (req) => adjustmentHistory(app.deps, req.authUser, req.query),
  );

  app.post(
    '/adjustments/reenable',
    {
      schema: { tags, body: reenableRequest, response: { 200: reenableResult } },
      preHandler: guard('adjustments.process'),
    },
    async (req) => reenableStudent(app.deps, req.authUser, req.body.rude, req.ip),
  );

  app.get(
    '/adjustments/progress',
    {
      schema: {
        tags,
        description:
          "'Reporte de avance de entrega': hoja de cálculo por departamento, distrito e institución",
        response: {
          200: z.any().describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
        },
      },
      preHandler: guard('adjustments.process'),
    },
    async (_req, reply) => sendProgressWorkbook(app.deps, reply),
  );
}
