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
  const handler = async function guardHandler(this: unknown, req: FastifyRequest, _reply: FastifyReply) {
    const user = req.user;
    if (!user) throw new AppError('unauthorized', messages.sessionExpired);
    if (permission && !user.permissions.has(permission))
      throw new AppError('forbidden', messages.accessDenied);
    if (placeOf) await assertPlaceInScope(req.server.deps.db, user, placeOf(req));
  };
  // The route list (app.ts) reads it, so the permission tests know what each route needs.
  return Object.assign(handler, { permission });
}

/** The permission a route's guard demands: null for none, undefined when it has no guard. */
export function guardedPermission(preHandler: unknown): Permission | null | undefined {
  const handler = Array.isArray(preHandler) ? preHandler.find((h) => 'permission' in h) : preHandler;
  return typeof handler === 'function' && 'permission' in handler
    ? (handler.permission as Permission | null)
    : undefined;
}
