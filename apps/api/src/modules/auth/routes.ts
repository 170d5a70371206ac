import {
  loginLockLift,
  loginLocksPage,
  loginLocksQuery,
  loginRequest,
  loginResponse,
  sessionUser,
} from '@bjp/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import { AppError } from '../../lib/errors.js';
import { liftLoginLock, listLoginLocks } from './locks.js';
import * as auth from './service.js';

const REFRESH_COOKIE = 'bjp_refresh';

/**
 * Secure whenever the request came over https (as the proxy says when TRUST_PROXY is on), so the
 * cookie never travels in clear text afterwards; always in production, where a proxy that forgets
 * the header must not weaken it.
 */
function setRefreshCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  session: auth.IssuedSession,
  production: boolean,
) {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: production || req.protocol === 'https',
    path: '/api/v1/auth',
    expires: session.refreshExpiresAt,
  });
}

const publicSession = (s: auth.IssuedSession) => ({ token: s.token, expiresIn: s.expiresIn, user: s.user });

export async function authRoutes(app: AppInstance) {
  const production = app.deps.config.NODE_ENV === 'production';

  app.post(
    '/auth/login',
    {
      schema: { tags: ['auth'], body: loginRequest, response: { 200: loginResponse } },
      config: {
        public: true,
        // Sessions are never stored for replay (lib/idempotency).
        idempotent: false,
        rateLimit: { max: app.deps.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' },
      },
    },
    async (req, reply) => {
      const session = await auth.login(app.deps, req.body, req.ip).catch((error: unknown) => {
        // Tells well-behaved clients how long to wait, as the Spanish message does for people.
        const wait =
          error instanceof AppError ? (error.details as { retryAfterSeconds?: number }) : undefined;
        if (wait?.retryAfterSeconds) reply.header('retry-after', String(wait.retryAfterSeconds));
        throw error;
      });
      setRefreshCookie(req, reply, session, production);
      return publicSession(session);
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: { tags: ['auth'], response: { 200: loginResponse } },
      config: { public: true, idempotent: false },
    },
    async (req, reply) => {
      const session = await auth.refresh(app.deps, req.cookies[REFRESH_COOKIE]);
      setRefreshCookie(req, reply, session, production);
      return publicSession(session);
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], response: { 204: z.null() } }, config: { public: true, idempotent: false } },
    async (req, reply) => {
      await auth.logout(app.deps, req.cookies[REFRESH_COOKIE], req.user, req.ip);
      reply.clearCookie(REFRESH_COOKIE, { path: '/api/v1/auth' });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    { schema: { tags: ['auth'], response: { 200: sessionUser } }, preHandler: guard(null) },
    async (req) => auth.me(req.authUser),
  );

  // 'Accesos bloqueados' (decision 051): administrators only, like person-search activity: it names
  // staff and the addresses they work from.
  app.get(
    '/auth/login-locks',
    {
      schema: { tags: ['auth'], querystring: loginLocksQuery, response: { 200: loginLocksPage } },
      preHandler: guard('users.manage'),
    },
    async (req) => listLoginLocks(app.deps, req.query.page),
  );

  app.post(
    '/auth/login-locks/lift',
    {
      schema: {
        tags: ['auth'],
        body: loginLockLift,
        response: { 200: z.object({ lifted: z.boolean() }) },
      },
      preHandler: guard('users.manage'),
    },
    async (req) => liftLoginLock(app.deps, req.authUser, req.body, req.ip),
  );
}
