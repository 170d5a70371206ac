import { messages } from '@bjp/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { loadAuthUser } from './access.js';
import { verifyAccessToken } from './tokens.js';

/** Resolves the caller from the bearer token and the database; public routes may go without one. */
export async function authenticate(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const header = req.headers.authorization;
  const isPublic = req.routeOptions.config.public === true;
  if (!header?.startsWith('Bearer ')) {
    if (isPublic) return;
    throw new AppError('unauthorized', messages.sessionExpired);
  }
  const { deps } = req.server;
  const claims = await verifyAccessToken(deps.tokens, header.slice(7), deps.clock.now());
  const user = claims === null ? null : await loadAuthUser(deps.db, claims, deps.clock.today());
  if (!user?.hasAccess) {
    if (isPublic) return;
    throw new AppError('unauthorized', messages.sessionExpired);
  }
  req.user = user;
  // Every later line of this request, 'request completed' included (written through reply.log), names the user.
  req.log = req.log.child({ userId: user.id });
  reply.log = req.log;
}
