import {
  enablingListQuery,
  enablingPage,
  enablingPreview,
  enablingPreviewParams,
  enablingRequest,
  enablingResult,
} from '@bjp/domain';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import { withDocument } from '../../documents/service.js';
import { enableHolders, enablePaidValidation, listEnablings, previewEnabling } from './service.js';

/** The school the body names, for the guard: an unknown SIE answers 404 before anything changes. */
const schoolInBody = (req: FastifyRequest) => ({ institution: (req.body as { sie: number }).sie });
const schoolInParams = (req: FastifyRequest) => ({ institution: (req.params as { sie: number }).sie });

/** School enabling: 'Habilitación UE/CEE' (paid validation) and 'Habilitar SIE' (holder registration). */
export async function enablingRoutes(app: AppInstance) {
  const tags = ['enabling'];
  const manage = guard('enabling.manage', schoolInBody);

  app.get(
    '/enabling/:kind/schools/:sie',
    {
      schema: {
        tags,
        description: 'What an enabling would reopen: asked before the confirmation, changes nothing.',
        params: enablingPreviewParams,
        response: { 200: enablingPreview },
      },
      preHandler: guard('enabling.manage', schoolInParams),
    },
    async (req) => previewEnabling(app.deps.db, req.params.kind, req.params.sie),
  );

  // Both enablings take a school and a reason and answer the enabling made.
  for (const [url, enable] of [
    ['/enabling/paid-validation', enablePaidValidation],
    ['/enabling/holders', enableHolders],
  ] as const) {
    app.post(
      url,
      { schema: { tags, body: enablingRequest, response: { 200: enablingResult } }, preHandler: manage },
      async (req, reply) =>
        withDocument(reply, (render) =>
          enable({
            deps: app.deps,
            user: req.authUser,
            sie: req.body.sie,
            reason: req.body.reason,
            ip: req.ip,
            render,
          }),
        ),
    );
  }

  app.get(
    '/enabling',
    {
      schema: { tags, querystring: enablingListQuery, response: { 200: enablingPage } },
      preHandler: guard('enabling.manage'),
    },
    async (req) => listEnablings(app.deps, req.query),
  );
}
