import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobProgress } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import { makeUser } from '../../test/factories.js';
import { jobKind, singletonKey } from './jobs.js';

let ctx: TestContext;
let token: string;
const left = '9a4c1e2b-3d5f-4a6b-8c7d-0e1f2a3b4c5d';

/**
 * An export left unfinished by a server that stopped (its row 'running'): the next start runs it
 * again from what its row keeps (the singleton key names kind, format, place, user and day), so the
 * user's 'Preparando…' ends with the file.
 */
beforeAll(async () => {
  const database = await createTestDatabase();
  const admin = await makeUser(database.db, { username: 'admin', type: 1, roles: ['Administrador'] });
  const spec = {
    kind: 'progress' as const,
    format: 'xlsx' as const,
    place: { level: 'national' as const },
    userId: admin.id,
    day: '2025-11-20',
  };
  await database.db.insert(jobProgress).values({
    id: left,
    kind: jobKind('progress'),
    singletonKey: singletonKey(spec),
    userId: admin.id,
    state: 'running',
  });
  ctx = await createTestApp({ database });
  token = (await loginAs(ctx.app, 'admin', 1)).token;
});
afterAll(() => ctx.close());

describe('an export after a restart', () => {
  it('is run again at start and its file is served', async () => {
    const status = () =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/exports/${left}`, headers: bearer(token) });
    await expect.poll(async () => (await status()).json().state, { timeout: 30_000 }).toBe('done');
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/exports/${left}/file`,
      headers: bearer(token),
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
