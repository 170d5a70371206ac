import { messages, type Permission } from '@bjp/domain';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/errors.js';
import { assertPlaceInScope, type Place } from './scope.js';

export type PlaceOf = (req: FastifyRequest) => Place;

/**
 * One guard for every route: the permission the route needs and, where it touches a place, that the
 * place is inside the caller's scope. Identity comes from the verified token only.
 */
export function guard(permission: Permission | null, placeOf?: PlaceOf): preHandlerAsyncHookHandler {
  return async function guardHandler(this: unknown, req: FastifyRequest, _reply: FastifyReply) {
    const user = req.user;
    if (!user) throw new AppError('unauthorized', messages.sessionExpired);
    if (permission && !user.permissions.has(permission))
      throw new AppError('forbidden', messages.accessDenied);
    if (placeOf) await assertPlaceInScope(req.server.deps.db, user, placeOf(req));
  };
}
