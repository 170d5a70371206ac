import { PUBLIC_STATUS_RATE, publicStatusRequest, publicStatusResponse } from '@bjp/domain';
import type { AppInstance } from '../../app-types.js';
import { studentStatus } from './service.js';

/** /public/consulta: no login, a strict rate limit per address, POST so RUDE and birth date stay out of URLs and logs. */
export async function publicStatusRoutes(app: AppInstance) {
  app.post(
    '/public/student-status',
    {
      schema: { tags: ['public'], body: publicStatusRequest, response: { 200: publicStatusResponse } },
      config: { public: true, rateLimit: PUBLIC_STATUS_RATE },
    },
    async (req) => studentStatus(app.deps.db, req.body),
  );
}
