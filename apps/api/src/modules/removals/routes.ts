import {
  removalCandidate,
  removalDepartmentParams,
  removalDepartment as removalDepartmentSchema,
  removalHistoryPage,
  removalHistoryQuery,
  removalRequest,
  removalResult,
  removalRudeParams,
  removalStudentPage,
  removalStudentsQuery,
  sieParams,
} from '@bjp/domain';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import { assertPlaceInScope } from '../../auth/scope.js';
import { schoolOf } from '../holders/index.js';
import {
  findCandidate,
  myDepartmentId,
  removalDepartment,
  removalHistory,
  removalStudents,
  removeStudent,
} from './service.js';

const departmentOf = (req: FastifyRequest) => ({
  department: (req.params as { departmentId: number }).departmentId,
});

/** Baja Beneficiarios: department users (profile 7) in their department, administrators anywhere. */
export async function removalsRoutes(app: AppInstance) {
  const tags = ['removals'];
  const inDepartment = guard('removals.manage', departmentOf);

  app.get(
    '/removals/me/department',
    { schema: { tags, response: { 200: removalDepartmentSchema } }, preHandler: guard('removals.manage') },
    async (req) => removalDepartment(app.deps, myDepartmentId(req.authUser)),
  );

  app.get(
    '/removals/departments/:departmentId',
    {
      schema: { tags, params: removalDepartmentParams, response: { 200: removalDepartmentSchema } },
      preHandler: inDepartment,
    },
    async (req) => removalDepartment(app.deps, req.params.departmentId),
  );

  app.get(
    '/removals/departments/:departmentId/students/:rude',
    {
      schema: { tags, params: removalRudeParams, response: { 200: removalCandidate } },
      preHandler: inDepartment,
    },
    async (req) => findCandidate(app.deps, req.params.departmentId, req.params.rude),
  );

  app.post(
    '/removals/departments/:departmentId/students/:rude',
    {
      schema: { tags, params: removalRudeParams, body: removalRequest, response: { 200: removalResult } },
      preHandler: inDepartment,
    },
    async (req) =>
      removeStudent(
        app.deps,
        req.authUser,
        req.params.departmentId,
        req.params.rude,
        req.body.reason,
        req.ip,
      ),
  );

  app.get(
    '/removals/departments/:departmentId/history',
    {
      schema: {
        tags,
        params: removalDepartmentParams,
        querystring: removalHistoryQuery,
        response: { 200: removalHistoryPage },
      },
      preHandler: inDepartment,
    },
    async (req) => {
      if (req.query.sie) await assertPlaceInScope(app.deps.db, req.authUser, { institution: req.query.sie });
      return removalHistory(app.deps, req.params.departmentId, req.query);
    },
  );

  app.get(
    '/removals/institutions/:sie/students',
    {
      schema: {
        tags,
        params: sieParams,
        querystring: removalStudentsQuery,
        response: { 200: removalStudentPage },
      },
      preHandler: guard('removals.manage', schoolOf),
    },
    async (req) => removalStudents(app.deps, req.params.sie, req.query),
  );
}
