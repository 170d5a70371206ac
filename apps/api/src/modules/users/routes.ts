import { idParam, userAccessResponse, userListQuery, userPage, userRolesUpdate } from '@bjp/domain';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import * as users from './service.js';

const userParams = z.object({ id: idParam });
const rolesResponse = z.object({ roles: z.array(z.string()) });

export async function usersRoutes(app: AppInstance) {
  app.get(
    '/users',
    {
      schema: { tags: ['users'], querystring: userListQuery, response: { 200: userPage } },
      preHandler: guard('users.view'),
    },
    async (req) => users.listUsers(app.deps, req.query),
  );

  app.patch(
    '/users/:id/access',
    {
      schema: {
        tags: ['users'],
        params: userParams,
        body: z.object({ hasAccess: z.boolean() }),
        response: { 200: userAccessResponse },
      },
      preHandler: guard('users.manage'),
    },
    async (req) => users.setUserAccess(app.deps, req.authUser, req.params.id, req.body.hasAccess, req.ip),
  );

  app.get(
    '/users/:id/roles',
    {
      schema: { tags: ['users'], params: userParams, response: { 200: rolesResponse } },
      preHandler: guard('users.view'),
    },
    async (req) => users.getUserRoles(app.deps, req.params.id),
  );

  app.put(
    '/users/:id/roles',
    {
      schema: {
        tags: ['users'],
        params: userParams,
        body: userRolesUpdate,
        response: { 200: rolesResponse },
      },
      preHandler: guard('users.manage'),
    },
    async (req) => users.setUserRoles(app.deps, req.authUser, req.params.id, req.body.roles, req.ip),
  );
}
