import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from './openapi-operations.js';
import { createTestApp, type TestContext } from './test/app.js';

type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  responses?: Record<string, unknown>;
};

let ctx: TestContext;
let operations: Array<{ method: string; url: string; op: Operation }>;

beforeAll(async () => {
  ctx = await createTestApp();
  const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  operations = Object.entries(document.paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, op]) => ({ method, url, op })),
  );
});
afterAll(() => ctx.close());

describe('the OpenAPI document a client generator reads (issue 35 §8)', () => {
  it('names each operation from its method and path', () => {
    expect(operationIdOf('GET', '/api/v1/holders/institutions/:sie/students')).toBe(
      'getHoldersInstitutionsBySieStudents',
    );
    expect(operationIdOf('POST', '/api/v1/auth/login')).toBe('postAuthLogin');
  });

  it('gives every operation a unique operationId, a summary, an error answer and its security', () => {
    expect(operations.length).toBeGreaterThan(150);
    const ids = operations.map((o) => o.op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, url, op } of operations) {
      const where = `${method} ${url}`;
      expect(op.summary, where).toBeTruthy();
      expect(
        Object.keys(op.responses ?? {}).some((code) => /^[45]/.test(code)),
        where,
      ).toBe(true);
      expect(
        Object.keys(op.responses ?? {}).some((code) => code.startsWith('2')),
        where,
      ).toBe(true);
    }
    const login = operations.find((o) => o.url === '/api/v1/auth/login' && o.method === 'post')!;
    expect(login.op.security).toEqual([]);
    const users = operations.find((o) => o.url === '/api/v1/users' && o.method === 'get')!;
    expect(users.op.security).toEqual([{ bearer: [] }]);
    expect(users.op.responses).toHaveProperty('401');
    expect(users.op.responses).toHaveProperty('403');
  });
});
