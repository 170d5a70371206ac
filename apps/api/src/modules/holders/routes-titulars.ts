import {
  addGuardianRequest,
  guardianStudentsResponse,
  idParam,
  newTitularRequest,
  personData,
  personResponse,
  previousGuardiansRequest,
  previousGuardiansResponse,
  previousTitularsRequest,
  previousTitularsResult,
  previousTitularsReview,
  relationshipUpdateRequest,
  sieParams,
  titularDesignationsRequest,
  titularDesignationsResult,
  titularListPage,
  titularListQuery,
  titularModalResponse,
  titularSaveRequest,
  titularStudentsResponse,
  titularValidationResult,
} from '@bjp/domain';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import { schoolOf } from './context.js';
import {
  addExistingGuardian,
  addNewTitular,
  addPreviousGuardians,
  changeRelationship,
  removeGuardian,
} from './guardians.js';
import { titularModal } from './modal.js';
import { personSearchRoute } from './person-search.js';
import { updatePerson } from './persons.js';
import {
  designatePreviousTitulars,
  previousTitularsReview as reviewPreviousTitulars,
} from './previous-titulars.js';
import { designateForStudents, guardianStudents } from './sibling-designations.js';
import { choosePreviousTitular, saveTitular } from './titular.js';
import { listTitulars, titularStudents, validateTitularStudents } from './titular-list.js';

const id = idParam;
const inscriptionParams = sieParams.extend({ inscriptionId: id });
const guardianParams = inscriptionParams.extend({ guardianId: id });
const personParams = sieParams.extend({ personId: id });

/** The titular modal (one student's guardians and titular) and the titular validation list. */
export async function titularRoutes(app: AppInstance) {
  const tags = ['holders'];
  const base = '/holders/institutions/:sie';
  /** What every change to one student's titulars needs: who, which school and student, from where. */
  const change = (req: FastifyRequest, params: { sie: number; inscriptionId: number }) => ({
    deps: app.deps,
    user: req.authUser,
    sie: params.sie,
    inscriptionId: params.inscriptionId,
    ip: req.ip,
  });

  app.get(
    `${base}/inscriptions/:inscriptionId/titulars`,
    {
      schema: { tags, params: inscriptionParams, response: { 200: titularModalResponse } },
      preHandler: guard('holders.view', schoolOf),
    },
    async (req) => titularModal(app.deps, req.authUser, req.params.sie, req.params.inscriptionId),
  );

  personSearchRoute(app);

  app.put(
    `${base}/persons/:personId`,
    {
      schema: { tags, params: personParams, body: personData, response: { 200: personResponse } },
      preHandler: guard('holders.edit', schoolOf),
    },
    async (req) =>
      updatePerson(app.deps, req.authUser, req.params.sie, req.params.personId, req.body, req.ip),
  );

  app.post(
    `${base}/inscriptions/:inscriptionId/guardians`,
    {
      schema: {
        tags,
        params: inscriptionParams,
        body: addGuardianRequest,
        response: { 200: titularModalResponse },
      },
      preHandler: guard('holders.edit', schoolOf),
    },
    async (req) => addExistingGuardian(change(req, req.params), req.body),
  );

  app.post(
    `${base}/inscriptions/:inscriptionId/guardians/new`,
    {
      schema: {
        tags,
        params: inscriptionParams,
        body: newTitularRequest,
        response: { 200: titularModalResponse },
      },
      preHandler: guard('holders.edit', schoolOf),
    },
    async (req) => addNewTitular(change(req, req.params), req.body),
  );

  // 'Tutores de la gestión 2025 — Agregar' (issue 18, decision 041): last year's guardians, this year's rules.
  app.post(
    `${base}/inscriptions/:inscriptionId/guardians/previous`,
    {
      schema: {
        tags,
        description:
          'Agrega a la lista del estudiante sus tutores de la gestión anterior (todos los admitidos, o los indicados)',
        params: inscriptionParams,
        body: previousGuardiansRequest,
        response: { 200: previousGuardiansResponse },
      },
      preHandler: guard('holders.edit', schoolOf),
    },
    async (req) => addPreviousGuardians(change(req, req.params), req.body),
  );

  app.patch(
    `${base}/inscriptions/:inscriptionId/guardians/:guardianId`,
    {
      schema: {
        tags,
        params: guardianParams,
        body: relationshipUpdateRequest,
        response: { 200: titularModalResponse },
      },
      preHandler: guard('holders.edit', schoolOf),
    },
    async (req) =>
      changeRelationship(change(req, req.params), req.params.guardianId, req.body.relationshipId),
  );

  app.delete(
    `${base}/inscriptions/:inscriptionId/guardians/:guardianId`,
    {
      schema: { tags, params: guardianParams, response: { 200: titularModalResponse } },
      preHandler: guard('holders.edit', schoolOf),
    },
    async (req) => removeGuardian(change(req, req.params), req.params.guardianId),
  );

  app.put(
    `${base}/inscriptions/:inscriptionId/titular`,
    {
      schema: {
        tags,
        params: inscriptionParams,
        body: titularSaveRequest,
        response: { 200: titularModalResponse },
      },
      preHandler: guard('holders.edit', schoolOf),
    },
    async (req) => saveTitular(change(req, req.params), req.body.guardianId),
  );

  // 'Titular de la gestión 2025 — Elegir' (issue 18): last year's titular, under this year's rules.
  app.put(
    `${base}/inscriptions/:inscriptionId/titular/previous`,
    {
      schema: {
        tags,
        description: 'Registra como titular al titular del estudiante en la gestión anterior',
        params: inscriptionParams,
        response: { 200: titularModalResponse },
      },
      preHandler: guard('holders.edit', schoolOf),
    },
    async (req) => choosePreviousTitular(change(req, req.params)),
  );

  // Issue 37 §1, decision 062: last year's titulars of the whole school, reviewed then designated at once.
  app.get(
    `${base}/previous-titulars`,
    {
      schema: {
        tags,
        description:
          'Lista de revisión: estudiantes que vuelven con su titular de la gestión anterior (a designar y excepciones con su motivo)',
        params: sieParams,
        response: { 200: previousTitularsReview },
      },
      preHandler: guard('holders.view', schoolOf),
    },
    async (req) => reviewPreviousTitulars(app.deps, req.params.sie),
  );

  app.post(
    `${base}/previous-titulars`,
    {
      schema: {
        tags,
        description:
          'Designa a cada estudiante indicado su titular de la gestión anterior, en una transacción, con las reglas de la designación individual',
        params: sieParams,
        body: previousTitularsRequest,
        response: { 200: previousTitularsResult },
      },
      preHandler: guard('holders.edit', schoolOf),
    },
    async (req) =>
      designatePreviousTitulars(
        { deps: app.deps, user: req.authUser, sie: req.params.sie, ip: req.ip },
        req.body.inscriptionIds,
      ),
  );

  // Siblings (issue 37 §1, decision 062): the person chosen for one student, offered for the others.
  app.get(
    `${base}/persons/:personId/guardian-students`,
    {
      schema: {
        tags,
        description:
          'Los estudiantes de la unidad educativa de quienes la persona es tutor, con el motivo si no puede ser su titular',
        params: personParams,
        response: { 200: guardianStudentsResponse },
      },
      preHandler: guard('holders.view', schoolOf),
    },
    async (req) => guardianStudents(app.deps, req.params.sie, req.params.personId),
  );

  app.post(
    `${base}/persons/:personId/titular-designations`,
    {
      schema: {
        tags,
        description:
          'Designa a la persona como titular de cada estudiante indicado del que es tutor, en una transacción',
        params: personParams,
        body: titularDesignationsRequest,
        response: { 200: titularDesignationsResult },
      },
      preHandler: guard('holders.edit', schoolOf),
    },
    async (req) =>
      designateForStudents(
        { deps: app.deps, user: req.authUser, sie: req.params.sie, ip: req.ip },
        req.params.personId,
        req.body.inscriptionIds,
      ),
  );

  app.get(
    `${base}/titulars`,
    {
      schema: { tags, params: sieParams, querystring: titularListQuery, response: { 200: titularListPage } },
      preHandler: guard('holders.view', schoolOf),
    },
    async (req) => listTitulars(app.deps, req.params.sie, req.query),
  );

  app.get(
    `${base}/titulars/:personId/students`,
    {
      schema: { tags, params: personParams, response: { 200: titularStudentsResponse } },
      preHandler: guard('holders.view', schoolOf),
    },
    async (req) => titularStudents(app.deps, req.params.sie, req.params.personId),
  );

  app.post(
    `${base}/titulars/:personId/validation`,
    {
      schema: { tags, params: personParams, response: { 200: titularValidationResult } },
      preHandler: guard('holders.edit', schoolOf),
    },
    async (req) =>
      validateTitularStudents(app.deps, req.authUser, req.params.sie, req.params.personId, req.ip),
  );
}
