import { gradeName, optionListItem, PUBLIC_READ_RATE } from '@bjp/domain';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { departmentOptions, districtOptions, gradeIds } from './queries/catalog.js';

const list = { 200: z.array(optionListItem) };
const config = { public: true, rateLimit: PUBLIC_READ_RATE };
// Public catalogues, no personal data: browsers and proxies may keep them a while.
const cacheable = 'public, max-age=300';

/**
 * The read-only lists a builder field may load its options from (optionSourceLists in the domain is
 * the allowlist; these are its same-origin entries). Public, because the enrollment page is.
 */
export async function optionListRoutes(app: AppInstance) {
  app.get(
    '/public/option-lists/departments',
    { schema: { tags: ['public'], response: list }, config },
    async (_req, reply) => {
      const rows = await departmentOptions(app.deps.db);
      return reply.header('cache-control', cacheable).send(rows);
    },
  );

  app.get(
    '/public/option-lists/districts',
    { schema: { tags: ['public'], response: list }, config },
    async (_req, reply) => {
      const rows = await districtOptions(app.deps.db);
      return reply.header('cache-control', cacheable).send(rows);
    },
  );

  app.get(
    '/public/option-lists/grades',
    { schema: { tags: ['public'], response: list }, config },
    async (_req, reply) => {
      const rows = await gradeIds(app.deps.db);
      return reply
        .header('cache-control', cacheable)
        .send(rows.map((g) => ({ id: g.id, name: gradeName(g.id) })));
    },
  );
}
