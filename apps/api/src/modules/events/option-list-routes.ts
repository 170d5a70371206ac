import { gradeName, optionListItem, PUBLIC_READ_RATE } from '@bjp/domain';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { departments, districts, grades } from '../../db/schema/index.js';

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
      const rows = await app.deps.db
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .orderBy(asc(departments.id));
      return reply.header('cache-control', cacheable).send(rows);
    },
  );

  app.get(
    '/public/option-lists/districts',
    { schema: { tags: ['public'], response: list }, config },
    async (_req, reply) => {
      const rows = await app.deps.db
        .select({ id: districts.id, name: districts.name })
        .from(districts)
        .orderBy(asc(districts.departmentId), asc(districts.name));
      return reply.header('cache-control', cacheable).send(rows);
    },
  );

  app.get(
    '/public/option-lists/grades',
    { schema: { tags: ['public'], response: list }, config },
    async (_req, reply) => {
      const rows = await app.deps.db.select({ id: grades.id }).from(grades).orderBy(asc(grades.id));
      return reply
        .header('cache-control', cacheable)
        .send(rows.map((g) => ({ id: g.id, name: gradeName(g.id) })));
    },
  );
}
