import { loginRequest, loginResponse, sessionUser } from '@bjp/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { guard } from '../../auth/guard.js';
import * as auth from './service.js';

const REFRESH_COOKIE = 'bjp_refresh';

function setRefreshCookie(reply: FastifyReply, session: auth.IssuedSession, secure: boolean) {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/api/v1/auth',
    expires: session.refreshExpiresAt,
  });
}

const publicSession = (s: auth.IssuedSession) => ({ token: s.token, expiresIn: s.expiresIn, user: s.user });

export async function authRoutes(app: AppInstance) {
  const secureCookie = app.deps.config.NODE_ENV === 'production';

  app.post(
    '/auth/login',
    {
      schema: { tags: ['auth'], body: loginRequest, response: { 200: loginResponse } },
      config: { public: true, rateLimit: { max: app.deps.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const session = await auth.login(app.deps, req.body, req.ip);
      setRefreshCookie(reply, session, secureCookie);
      return publicSession(session);
    },
  );

  app.post(
    '/auth/refresh',
    { schema: { tags: ['auth'], response: { 200: loginResponse } }, config: { public: true } },
    async (req, reply) => {
      const session = await auth.refresh(app.deps, req.cookies[REFRESH_COOKIE]);
      setRefreshCookie(reply, session, secureCookie);
      return publicSession(session);
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], response: { 204: z.null() } }, config: { public: true } },
    async (req, reply) => {
      await auth.logout(app.deps, req.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, { path: '/api/v1/auth' });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    { schema: { tags: ['auth'], response: { 200: sessionUser } }, preHandler: guard(null) },
    async (req) => auth.me(req.user!),
  );
}
