import { messages, type Permission } from '@bjp/domain';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../lib/errors.js';

/**
 * The history of adjustments is read by those who request them (directors), process them
 * (administrators) and manage removals (department users): any one of the permissions admits the
 * caller, and the list itself is limited to the caller's scope.
 */
export function guardAny(...needed: Permission[]): preHandlerAsyncHookHandler {
  return async function anyOfHandler(this: unknown, req: FastifyRequest, _reply: FastifyReply) {
    const user = req.user;
    if (!user) throw new AppError('unauthorized', messages.sessionExpired);
    if (!needed.some((p) => user.permissions.has(p))) throw new AppError('forbidden', messages.accessDenied);
  };
}
