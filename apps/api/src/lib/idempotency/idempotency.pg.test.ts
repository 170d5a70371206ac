import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { tempDataDir } from '../../test/factories/events.js';
import { makeUser } from '../../test/factories.js';
import { createCases, newKey } from '../../test/idempotency.js';

/**
 * Issue 15 on PostgreSQL: a double click sends the same create twice AT ONCE. Both requests race for
 * the key (INSERT … ON CONFLICT DO NOTHING); one runs, the other waits for its answer and replays it.
 */
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp({ env: { DATA_DIR: tempDataDir() } });
  await makeUser(ctx.handle.db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
});
afterAll(() => ctx.close());

describe('two identical creates at once', () => {
  it('make one record each and get two identical answers', async () => {
    for (const create of await createCases(ctx, admin)) {
      const key = newKey();
      const answers = await Promise.all([create.send(key), create.send(key), create.send(key)]);
      for (const answer of answers) {
        expect(answer.status, `${create.name}: ${answer.body}`).toBe(201);
        expect(answer.body, create.name).toBe(answers[0]!.body);
      }
      expect(
        answers.filter((a) => !a.replayed),
        create.name,
      ).toHaveLength(1);
      expect(await create.records(), create.name).toBe(1);
    }
  });
});
