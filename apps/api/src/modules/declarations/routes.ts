import {
  noveltyPage,
  noveltyQuery,
  PUBLIC_VERIFY_RATE,
  verificationParams,
  verificationResult,
} from '@bjp/domain';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import { assertPlaceInScope } from '../../auth/scope.js';
import { listNovelties } from './novelties.js';
import { verifyCode } from './verify.js';

/**
 * /public/verificar/:code (issue 12): no login, rate-limited per address. Says whether a code printed
 * on a declaration belongs to a stored one, with the school, kind, version, date, totals and whether
 * a later version replaced it; never personal data. Malformed 400, unknown 404, both in Spanish.
 */
export async function declarationRoutes(app: AppInstance) {
  app.get(
    '/public/declarations/:code',
    {
      schema: {
        tags: ['public'],
        params: verificationParams,
        description: 'Verificación pública de una declaración jurada por su código',
        response: { 200: verificationResult },
      },
      config: { public: true, rateLimit: PUBLIC_VERIFY_RATE },
    },
    async (req) => verifyCode(app.deps.db, req.params.code),
  );

  // 'Novedades posteriores a la consolidación' (issue 12): district, department and national staff,
  // in their scope; a narrower place (the most specific of sie, districtId, departmentId) is checked.
  app.get(
    '/declarations/novelties',
    {
      schema: {
        tags: ['declarations'],
        querystring: noveltyQuery,
        description: 'Novedades posteriores a la consolidación, por lugar, paginadas',
        response: { 200: noveltyPage },
      },
      preHandler: [
        guard('tracking.view'),
        async (req) => {
          const q = req.query as { sie?: number; districtId?: number; departmentId?: number };
          const place =
            q.sie !== undefined
              ? { institution: q.sie }
              : q.districtId !== undefined
                ? { district: q.districtId }
                : q.departmentId !== undefined
                  ? { department: q.departmentId }
                  : null;
          if (place) await assertPlaceInScope(app.deps.db, req.authUser, place);
        },
      ],
    },
    async (req) => listNovelties(app.deps.db, req.authUser, req.query),
  );
}
