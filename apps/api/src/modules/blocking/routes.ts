import {
  blockCandidate,
  blockedStudentPage,
  blockObservation,
  blockResult,
  pageQuery,
  rudeParams,
} from '@bjp/domain';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import * as blocking from './service.js';

/** Blocking ('Bloqueo Estudiantes', part 2 §2.10): find, block, unblock, list the blocked. */
export async function blockingRoutes(app: AppInstance) {
  const tags = ['blocking'];

  app.get(
    '/blocking/students/:rude',
    {
      schema: { tags, params: rudeParams, response: { 200: blockCandidate } },
      preHandler: guard('blocking.manage'),
    },
    async (req) => blocking.findCandidate(app.deps, req.authUser, req.params.rude),
  );

  app.post(
    '/blocking/students/:rude/block',
    {
      schema: { tags, params: rudeParams, body: blockObservation, response: { 200: blockResult } },
      preHandler: guard('blocking.manage'),
    },
    async (req) =>
      blocking.blockStudent(app.deps, req.authUser, req.params.rude, req.body.observation, req.ip),
  );

  app.post(
    '/blocking/students/:rude/unblock',
    {
      schema: { tags, params: rudeParams, body: blockObservation, response: { 200: blockResult } },
      preHandler: guard('blocking.manage'),
    },
    async (req) =>
      blocking.unblockStudent(app.deps, req.authUser, req.params.rude, req.body.observation, req.ip),
  );

  app.get(
    '/blocking/blocked',
    {
      schema: { tags, querystring: pageQuery, response: { 200: blockedStudentPage } },
      preHandler: guard('blocking.manage'),
    },
    async (req) => blocking.listBlocked(app.deps, req.query),
  );
}
