import {
  idParam,
  PUBLIC_ENROLLMENT_RATE,
  PUBLIC_READ_RATE,
  publicEnrollmentRequest,
  publicEnrollmentResult,
  publicEvent,
} from '@bjp/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { AppError } from '../../lib/errors.js';
import { jsonTooDeep, tooDeep } from '../../lib/json-limits.js';
import { readMultipart, type UploadedFile } from './multipart.js';
import * as publicService from './public-service.js';
import { parseOrThrow } from './validation.js';

const idParams = z.object({ id: idParam });

/** Reads the enrollment as JSON, or as multipart with the JSON in a 'data' part and one file part per upload field. */
async function readEnrollment(req: FastifyRequest) {
  if (!req.isMultipart()) return { raw: req.body, files: [] as UploadedFile[] };
  const body = await readMultipart(req, 10);
  if (jsonTooDeep(body.fields.data ?? '')) throw tooDeep();
  try {
    return { raw: JSON.parse(body.fields.data ?? '{}') as unknown, files: body.files };
  } catch {
    throw new AppError('bad_request', 'El formulario enviado no es válido.');
  }
}

/** The public enrollment page's calls: no login, a rate limit per address. */
export async function publicRoutes(app: AppInstance) {
  app.get(
    '/public/events/:id',
    {
      schema: { tags: ['public'], params: idParams, response: { 200: publicEvent } },
      config: { public: true, rateLimit: PUBLIC_READ_RATE },
    },
    async (req) => publicService.getPublicEvent(app.deps, req.params.id),
  );

  app.post(
    '/public/events/:id/enrollments',
    {
      schema: {
        tags: ['public'],
        params: idParams,
        consumes: ['application/json', 'multipart/form-data'],
        description:
          'publicEnrollmentRequest como JSON, o multipart con la parte data (JSON) y los archivos de cada campo de subida.',
        response: { 201: publicEnrollmentResult },
      },
      config: { public: true, rateLimit: PUBLIC_ENROLLMENT_RATE },
    },
    async (req, reply) => {
      const { raw, files } = await readEnrollment(req);
      const input = parseOrThrow(publicEnrollmentRequest, raw);
      const result = await publicService.enroll(app.deps, req.params.id, input, files, req.ip);
      return reply.code(201).send(result);
    },
  );
}
