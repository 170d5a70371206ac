import { PUBLIC_VERIFY_RATE, verificationParams, verificationResult } from '@bjp/domain';
import type { AppInstance } from '../../app.js';
import { verifyCode } from './service.js';

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
}
