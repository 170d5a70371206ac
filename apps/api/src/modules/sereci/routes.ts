import {
  pageQuery,
  rudeParams,
  sereciCertificate,
  sereciStudent,
  sereciValidationPage,
  sereciValidationResult,
} from '@bjp/domain';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import * as sereci from './service.js';

/** Birth-registry validation ('Validación SERECI', part 2 §2.9). */
export async function sereciRoutes(app: AppInstance) {
  const tags = ['sereci'];

  app.get(
    '/sereci/students/:rude',
    {
      schema: { tags, params: rudeParams, response: { 200: sereciStudent } },
      preHandler: guard('sereci.validate'),
    },
    async (req) => sereci.findStudent(app.deps, req.authUser, req.params.rude),
  );

  app.post(
    '/sereci/students/:rude/validation',
    {
      schema: {
        tags,
        params: rudeParams,
        body: sereciCertificate,
        response: { 200: sereciValidationResult },
      },
      preHandler: guard('sereci.validate'),
    },
    async (req) => sereci.validateStudent(app.deps, req.authUser, req.params.rude, req.body, req.ip),
  );

  app.get(
    '/sereci/validations',
    {
      schema: { tags, querystring: pageQuery, response: { 200: sereciValidationPage } },
      preHandler: guard('sereci.validate'),
    },
    async (req) => sereci.listValidations(app.deps, req.query),
  );
}
