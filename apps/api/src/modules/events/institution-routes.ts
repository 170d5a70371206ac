import {
  enrollmentStudentPage,
  enrollmentStudentsQuery,
  eventMessages,
  gradeOption,
  idParam,
  institutionEnrollmentStatus,
  institutionPlacePage,
  institutionPlacesQuery,
  institutionStage,
  participantsSave,
  sieParam,
} from '@bjp/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import { AppError } from '../../lib/errors.js';
import { saveParticipants } from './institution-save.js';
import * as institution from './institution-service.js';

const sieParams = z.object({ sie: sieParam });
const stageParams = sieParams.extend({ stageId: idParam });

/** The page is for SIE (type 2) users only, whatever their permissions (part 1 §6: 'Perfil no válido!'). */
async function institutionProfileOnly(req: FastifyRequest) {
  if (req.user?.type !== 2) throw new AppError('forbidden', eventMessages.invalidProfile);
}

const forPlace = () => [
  guard('enrollment.institution', (req) => ({ institution: (req.params as { sie: number }).sie })),
  institutionProfileOnly,
];
const forUser = () => [guard('enrollment.institution'), institutionProfileOnly];

export async function institutionRoutes(app: AppInstance) {
  app.get(
    '/institution-enrollment/stages',
    {
      schema: { tags: ['institution-enrollment'], response: { 200: z.array(institutionStage) } },
      preHandler: forUser(),
    },
    async (req) => institution.listStages(app.deps, req.authUser),
  );

  app.get(
    '/institution-enrollment/places',
    {
      schema: {
        tags: ['institution-enrollment'],
        querystring: institutionPlacesQuery,
        response: { 200: institutionPlacePage },
      },
      preHandler: forUser(),
    },
    async (req) => institution.listPlaces(app.deps, req.authUser, req.query),
  );

  app.get(
    '/institution-enrollment/grades',
    {
      schema: { tags: ['institution-enrollment'], response: { 200: z.array(gradeOption) } },
      preHandler: forUser(),
    },
    async () => institution.listGrades(app.deps),
  );

  app.get(
    '/institution-enrollment/institutions/:sie/students',
    {
      schema: {
        tags: ['institution-enrollment'],
        params: sieParams,
        querystring: enrollmentStudentsQuery,
        response: { 200: enrollmentStudentPage },
      },
      preHandler: forPlace(),
    },
    async (req) => institution.listStudents(app.deps, req.params.sie, req.query),
  );

  app.get(
    '/institution-enrollment/stages/:stageId/institutions/:sie',
    {
      schema: {
        tags: ['institution-enrollment'],
        params: stageParams,
        response: { 200: institutionEnrollmentStatus },
      },
      preHandler: forPlace(),
    },
    async (req) => institution.getStatus(app.deps, req.authUser, req.params.stageId, req.params.sie),
  );

  // 'Guardar' replaces the list; 'Inscribir' saves it and closes it for good.
  for (const [method, action, close] of [
    ['put', 'participants', false],
    ['post', 'close', true],
  ] as const) {
    app[method](
      `/institution-enrollment/stages/:stageId/institutions/:sie/${action}`,
      {
        schema: {
          tags: ['institution-enrollment'],
          params: stageParams,
          body: participantsSave,
          response: { 200: institutionEnrollmentStatus },
        },
        preHandler: forPlace(),
      },
      async (req) =>
        saveParticipants(
          app.deps,
          req.authUser,
          { stageId: req.params.stageId, institutionId: req.params.sie },
          req.body.inscriptionIds,
          { close, ip: req.ip },
        ),
    );
  }
}
