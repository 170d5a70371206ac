import { createField, defaultFormConfig, eventMessages } from '@bjp/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollmentForms, eventEnrollments } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeEvent, tempDataDir, validParticipant } from '../../test/factories/events.js';
import { makeUser } from '../../test/factories.js';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp({ env: { DATA_DIR: tempDataDir() } });
  await makeUser(ctx.handle.db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
});
afterAll(() => ctx.close());

const NAME = '^([A-Za-zÁÉÍÓÚáéíóúÑñ]+\\s?)*$';
const nameField = (pattern: string) => ({
  ...createField('input', 'campo_nombr'),
  name: 'nombreCompleto',
  label: 'Nombre completo',
  rules: [{ pattern, message: 'Solo letras y espacios', trigger: 'blur' as const }],
});
const formCount = async () => (await ctx.handle.db.select({ n: count() }).from(enrollmentForms))[0]!.n;

describe('user-authored patterns (issue 13, point 3)', () => {
  it('answers a public enrollment with catastrophic input at once, with the rule’s message', async () => {
    const event = await makeEvent(ctx.handle.db, { fields: [nameField(NAME)] });
    const enroll = (value: string, document: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/public/events/${event.id}/enrollments`,
        payload: { ...validParticipant(document), extra: { nombreCompleto: value } },
        remoteAddress: `10.9.0.${document.slice(-1)}`,
      });
    // Took 1.2 s at 28 characters with RegExp; hours at 40. Here 2,000 characters.
    const started = performance.now();
    const slow = await enroll(`${'a'.repeat(1999)}1`, '7000001');
    const elapsed = performance.now() - started;
    expect(slow.statusCode).toBe(400);
    expect(slow.json().details).toEqual([
      { field: 'extra.nombreCompleto', message: 'Solo letras y espacios' },
    ]);
    // The whole request, on a busy test machine; with RegExp this input would never finish.
    expect(elapsed).toBeLessThan(2_000);
    const [stored] = await ctx.handle.db
      .select({ n: count() })
      .from(eventEnrollments)
      .where(eq(eventEnrollments.eventId, event.id));
    expect(stored!.n).toBe(0);

    const ok = await enroll('María José Ñuflo', '7000002');
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses at save a form whose pattern uses a backreference or a lookahead; nothing stored', async () => {
    const before = await formCount();
    for (const pattern of ['^(\\w)\\1$', '^(?=\\d)\\w+$']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/enrollment-forms',
        headers: bearer(admin),
        payload: {
          name: 'Con patrón',
          definition: { config: defaultFormConfig, fields: [nameField(pattern)] },
        },
      });
      expect(res.statusCode, pattern).toBe(400);
      expect(res.json().message).toBe(
        'La expresión regular del campo «Nombre completo» no es válida o usa construcciones no admitidas (referencias hacia atrás, búsquedas hacia adelante).',
      );
      expect(res.json().message).toBe(eventMessages.invalidPattern('Nombre completo'));
    }
    expect(await formCount()).toBe(before);

    const fine = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/enrollment-forms',
      headers: bearer(admin),
      payload: { name: 'Con patrón', definition: { config: defaultFormConfig, fields: [nameField(NAME)] } },
    });
    expect(fine.statusCode, fine.body).toBe(201);
    expect(await formCount()).toBe(before + 1);
  });

  it('still opens an event whose stored form has a pattern RE2 cannot run, and refuses its values', async () => {
    const event = await makeEvent(ctx.handle.db, { fields: [nameField('^(a)\\1$')] });
    const shown = await ctx.app.inject({ method: 'GET', url: `/api/v1/public/events/${event.id}` });
    expect(shown.statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/public/events/${event.id}/enrollments`,
      payload: { ...validParticipant('7000003'), extra: { nombreCompleto: 'aa' } },
      remoteAddress: '10.9.1.1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'extra.nombreCompleto', message: 'Solo letras y espacios' },
    ]);
  });
});
