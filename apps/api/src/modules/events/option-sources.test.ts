import { createField, defaultFormConfig, type FieldDefinition, optionSourceLists } from '@bjp/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollmentForms } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeEvent, tempDataDir } from '../../test/factories/events.js';
import { makeUser } from '../../test/factories.js';

let ctx: TestContext;
let admin: string;
const HOST = 'datos.minedu.gob.bo';

beforeAll(async () => {
  ctx = await createTestApp({
    env: { DATA_DIR: tempDataDir(), OPTION_SOURCE_HOSTS: ` ${HOST.toUpperCase()} ` },
  });
  await makeUser(ctx.handle.db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
});
afterAll(() => ctx.close());

const dynamicSelect = (url: string, method: 'GET' | 'POST' = 'GET'): FieldDefinition => {
  const field = createField('select', 'campo_depto');
  if (field.kind !== 'select') throw new Error('select');
  return {
    ...field,
    name: 'departamento',
    label: 'Departamento',
    options: { ...field.options, source: 'dynamic', url, method, labelKey: 'name', valueKey: 'id' },
  };
};
// Each saved form gets its own name: two active forms may not share one (issue 15).
let saved = 0;
const save = (fields: FieldDefinition[]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/enrollment-forms',
    headers: bearer(admin),
    payload: { name: `Con lista ${++saved}`, definition: { config: defaultFormConfig, fields } },
  });
const formCount = async () => (await ctx.handle.db.select({ n: count() }).from(enrollmentForms))[0]!.n;

describe('form-builder option sources (issue 13, point 8)', () => {
  it('refuses at save a POST, an API path outside the allowlist and an https host not configured', async () => {
    const before = await formCount();
    const refused: Array<[string, 'GET' | 'POST', string]> = [
      ['/api/v1/auth/logout', 'POST', 'Las opciones del campo «Departamento» solo pueden leerse con GET.'],
      [optionSourceLists[0].url, 'POST', 'Las opciones del campo «Departamento» solo pueden leerse con GET.'],
      ['/api/v1/auth/logout', 'GET', 'La fuente de opciones del campo «Departamento» no está permitida'],
      ['/api/v1/users', 'GET', 'La fuente de opciones del campo «Departamento» no está permitida'],
      [
        'https://evil.example/list',
        'GET',
        'La fuente de opciones del campo «Departamento» no está permitida',
      ],
      [`http://${HOST}/list`, 'GET', 'La fuente de opciones del campo «Departamento» no está permitida'],
      ['', 'GET', 'Elija la lista de las opciones o indique una dirección https.'],
    ];
    for (const [url, method, message] of refused) {
      const res = await save([dynamicSelect(url, method)]);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await formCount()).toBe(before);
  });

  it('saves a GET of a system list and of a configured https host', async () => {
    const before = await formCount();
    const listed = await save([dynamicSelect(optionSourceLists[0].url)]);
    expect(listed.statusCode, listed.body).toBe(201);
    const remote = await save([dynamicSelect(`https://${HOST}/api/colegios`)]);
    expect(remote.statusCode, remote.body).toBe(201);
    expect(await formCount()).toBe(before + 2);
  });

  it('serves the system lists publicly, read-only, as { id, name }', async () => {
    for (const list of optionSourceLists) {
      const res = await ctx.app.inject({ method: 'GET', url: list.url, remoteAddress: '10.8.0.1' });
      expect(res.statusCode, list.url).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
      for (const item of res.json())
        expect(item).toEqual({ id: expect.any(Number), name: expect.any(String) });
      const post = await ctx.app.inject({ method: 'POST', url: list.url, remoteAddress: '10.8.0.1' });
      expect(post.statusCode).toBe(404);
    }
    const departments = await ctx.app.inject({ method: 'GET', url: optionSourceLists[0].url });
    expect(departments.json().length).toBeGreaterThan(0);
  });

  it('never hands the public page a source that is not allowed, even from a form stored before the check', async () => {
    const event = await makeEvent(ctx.handle.db, {
      fields: [
        dynamicSelect('/api/v1/auth/logout', 'POST'),
        { ...dynamicSelect('https://evil.example/x'), id: 'campo_evil1', name: 'otro' },
        { ...dynamicSelect(optionSourceLists[2].url), id: 'campo_grado', name: 'grado' },
        { ...dynamicSelect(`https://${HOST}/x`), id: 'campo_remot', name: 'remoto' },
      ],
    });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/public/events/${event.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const sources = res.json().fields.map((f: { options: { url: string; method: string } }) => f.options);
    expect(sources.map((o: { url: string }) => o.url)).toEqual([
      '',
      '',
      optionSourceLists[2].url,
      `https://${HOST}/x`,
    ]);
    expect(sources.every((o: { method: string }) => o.method === 'GET')).toBe(true);
  });

  it('adds the configured hosts to the Content-Security-Policy connect-src', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' https://${HOST}`);
  });
});
