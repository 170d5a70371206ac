import { createField, defaultFormConfig, eventMessages } from '@bjp/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { sampleFields } from '../../test/factories/events.js';
import { makeUser } from '../../test/factories.js';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await makeUser(ctx.handle.db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
});
afterAll(() => ctx.close());

const post = (payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/enrollment-forms',
    headers: bearer(admin),
    payload: payload as object,
  });
const definition = (fields = sampleFields()) => ({ config: defaultFormConfig, fields });

describe('enrollment forms', () => {
  it('saves a builder form and shows it in the list with its definition', async () => {
    const res = await post({
      name: 'Inscripción feria',
      description: 'Feria 2025',
      definition: definition(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Inscripción feria', active: true, fieldCount: 3 });
    const id = res.json().id;
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/enrollment-forms/${id}`, headers: bearer(admin) })
    ).json();
    expect(detail.definition.fields.map((f: { kind: string }) => f.kind)).toEqual([
      'input',
      'select',
      'switch',
    ]);
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/enrollment-forms', headers: bearer(admin) })
    ).json();
    expect(list).toMatchObject({ pageSize: 10, total: 1 });
  });

  it("requires the form name: 'Se requiere el nombre del formulario'", async () => {
    const res = await post({ name: '  ', definition: definition() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(eventMessages.formNameRequired);
  });

  it('refuses a malformed definition', async () => {
    const unknownKind = await post({
      name: 'X',
      definition: { config: defaultFormConfig, fields: [{ kind: 'script', id: 'campo_aaaaa' }] },
    });
    expect(unknownKind.statusCode).toBe(400);
    const [a, b] = sampleFields();
    const repeated = await post({ name: 'X', definition: definition([a!, { ...b!, name: a!.name }]) });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().message).toBe(eventMessages.duplicateFieldName);
    const badId = await post({
      name: 'X',
      definition: definition([{ ...createField('input', 'campo_aaaaa'), id: 'x' }]),
    });
    expect(badId.statusCode).toBe(400);
    const noConfig = await post({ name: 'X', definition: { fields: [] } });
    expect(noConfig.statusCode).toBe(400);
    const badRegex = await post({
      name: 'X',
      definition: definition([
        { ...createField('input', 'campo_aaaaa'), rules: [{ pattern: '(', message: 'm', trigger: 'blur' }] },
      ]),
    });
    expect(badRegex.json().message).toBe(eventMessages.invalidPattern('Texto'));
  });

  it('the Activo switch sets the state, audited, and inactive forms are not offered for events', async () => {
    const { id } = (await post({ name: 'Para apagar', definition: definition() })).json();
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/enrollment-forms/${id}/active`,
      headers: bearer(admin),
      payload: { active: false },
    });
    expect(off.json()).toEqual({ id, active: false });
    const options = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/events/options', headers: bearer(admin) })
    ).json();
    expect(options.forms.map((f: { id: number }) => f.id)).not.toContain(id);
    const audits = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'enrollment_form.active'), eq(auditLog.entityId, String(id))));
    expect(audits).toHaveLength(1);
    const missing = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/enrollment-forms/99999/active',
      headers: bearer(admin),
      payload: { active: true },
    });
    expect(missing.statusCode).toBe(404);
  });
});
