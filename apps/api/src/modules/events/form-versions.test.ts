import { defaultFormConfig, eventMessages, type FieldDefinition } from '@bjp/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, enrollmentForms, eventEnrollments, events } from '../../db/schema/index.js';
import { expectNothingWrittenWhenAuditFails } from '../../test/all-or-nothing.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import {
  makePeriod,
  makePlace,
  multipartPayload,
  pdfBytes,
  sampleFields,
  tempDataDir,
  validParticipant,
} from '../../test/factories/events.js';
import { makeUser } from '../../test/factories.js';
import { eventFormDefinition } from './event-form-definition.js';

/**
 * Issue 15, enrollment forms edited with versions: an edit is a new version, new events take the
 * latest, events created before keep theirs for their public page, their answers' check and their
 * participants' labels.
 */
let ctx: TestContext;
let admin: string;
let choices: { placeId: number; kindEventId: number };
let address = 0;

beforeAll(async () => {
  ctx = await createTestApp({ env: { DATA_DIR: tempDataDir() } });
  await makeUser(ctx.handle.db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  const [place, period] = [await makePlace(ctx.handle.db), await makePeriod(ctx.handle.db)];
  choices = { placeId: place.id, kindEventId: period.id };
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(admin), payload: payload as object });
const definition = (fields: FieldDefinition[] = sampleFields()) => ({ config: defaultFormConfig, fields });

/** Version 2 of the sample form: 'Colegio' relabelled, 'turno' gone, a required 'cargo' added. */
const editedFields = (): FieldDefinition[] => {
  const [colegio, , acepta] = sampleFields();
  return [
    { ...colegio!, label: 'Unidad educativa' },
    acepta!,
    { ...colegio!, id: 'campo_Cargo', name: 'cargo', label: 'Cargo', required: true },
  ];
};

async function createForm(name: string) {
  const res = await call('POST', '/enrollment-forms', {
    name,
    description: 'Feria',
    definition: definition(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; version: number }>();
}

async function createEvent(enrollmentFormId: number) {
  const { payload, headers } = await multipartPayload({
    title: 'Feria de ciencias',
    description: 'Feria',
    startsOn: '2025-11-25',
    endsOn: '2025-11-28',
    placeId: String(choices.placeId),
    kindEventId: String(choices.kindEventId),
    enrollmentFormId: String(enrollmentFormId),
    minimum: '0',
    maximum: '50',
    withLimitControl: 'true',
    detail: 'Traer material',
    regulation: { bytes: pdfBytes(), filename: 'reglamento.pdf', type: 'application/pdf' },
  });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/events',
    payload,
    headers: { ...headers, ...bearer(admin) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: number }>().id;
  // Published, so the public page shows it and takes enrollments.
  expect((await call('POST', `/events/${id}/send`)).statusCode).toBe(200);
  return id;
}

const publicFieldNames = async (eventId: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/v1/public/events/${eventId}` }))
    .json<{ fields: Array<{ name: string; label: string }> }>()
    .fields.map((f) => `${f.name}:${f.label}`);

const enroll = (eventId: number, document: string, extra: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/public/events/${eventId}/enrollments`,
    payload: { ...validParticipant(document), extra },
    remoteAddress: `10.9.0.${++address}`,
  });

const edit = (id: number, body: Record<string, unknown>) =>
  call('PUT', `/enrollment-forms/${id}`, {
    name: 'Inscripción feria',
    description: 'Feria',
    definition: definition(editedFields()),
    expectedVersion: 1,
    ...body,
  });

describe('editing a form makes a new version; events keep theirs', () => {
  it('v2 for new events, v1 for the event created before: public page, answers and labels', async () => {
    const form = await createForm('Inscripción feria');
    expect(form.version).toBe(1);
    const before = await createEvent(form.id);
    const answered = await enroll(before, '1111111', { colegio: 'Ayacucho', turno: '1', acepta: true });
    expect(answered.statusCode, answered.body).toBe(201);

    const saved = await edit(form.id, {});
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ id: form.id, version: 2, fieldCount: 3 });

    const detail = (await call('GET', `/enrollment-forms/${form.id}`)).json();
    expect(detail.version).toBe(2);
    expect(detail.definition.fields.map((f: { label: string }) => f.label)).toContain('Unidad educativa');
    expect(detail.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(detail.versions[0]).toMatchObject({
      createdBy: expect.any(String),
      createdAt: expect.any(String),
    });
    const v1 = await call('GET', `/enrollment-forms/${form.id}/versions/1`);
    expect(v1.json().definition.fields.map((f: { name: string }) => f.name)).toEqual([
      'colegio',
      'turno',
      'acepta',
    ]);

    // The event created before still asks version 1 and checks answers against it.
    expect(await publicFieldNames(before)).toEqual([
      'colegio:Colegio',
      'turno:Turno',
      'acepta:Acepta el reglamento',
    ]);
    const stillV1 = await enroll(before, '2222222', { colegio: 'Sucre', turno: '2', acepta: true });
    expect(stillV1.statusCode, stillV1.body).toBe(201);
    const v2AnswersOnV1 = await enroll(before, '3333333', {
      colegio: 'Sucre',
      acepta: true,
      cargo: 'Director',
    });
    expect(v2AnswersOnV1.statusCode).toBe(400);

    // An event created after takes version 2.
    const after = await createEvent(form.id);
    const [row] = await ctx.handle.db
      .select({ version: events.enrollmentFormVersion })
      .from(events)
      .where(eq(events.id, after));
    expect(row!.version).toBe(2);
    expect(await publicFieldNames(after)).toEqual([
      'colegio:Unidad educativa',
      'acepta:Acepta el reglamento',
      'cargo:Cargo',
    ]);
    expect((await enroll(after, '4444444', { colegio: 'Sucre', acepta: true })).statusCode).toBe(400);
    const v2 = await enroll(after, '5555555', { colegio: 'Sucre', acepta: true, cargo: 'Director' });
    expect(v2.statusCode, v2.body).toBe(201);

    // Participants' answers read with the labels they were given under.
    const definitionBefore = await eventFormDefinition(ctx.handle.db, before);
    const [answers] = await ctx.handle.db
      .select({ extra: eventEnrollments.extra })
      .from(eventEnrollments)
      .where(and(eq(eventEnrollments.eventId, before), eq(eventEnrollments.document, '1111111')));
    const labelled = definitionBefore.fields.map((f) => [
      f.label,
      (answers!.extra as Record<string, unknown>)[f.name],
    ]);
    expect(labelled).toEqual([
      ['Colegio', 'Ayacucho'],
      ['Turno', '1'],
      ['Acepta el reglamento', true],
    ]);
    expect((await eventFormDefinition(ctx.handle.db, after)).fields.map((f) => f.label)).toContain('Cargo');
    await expect(eventFormDefinition(ctx.handle.db, 999_999)).rejects.toThrow(eventMessages.eventNotFound);

    // Each save audited.
    const audits = await ctx.handle.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(form.id)));
    expect(audits.filter((a) => a.action === 'enrollment_form.create')).toHaveLength(1);
    expect(audits.filter((a) => a.action === 'enrollment_form.update')).toEqual([
      { action: 'enrollment_form.update', after: { name: 'Inscripción feria', version: 2, fields: 3 } },
    ]);
  });

  it('a stale expectedVersion is 409 naming the latest; an unknown version 404; both in Spanish', async () => {
    const form = await createForm('Formulario concurrente');
    const first = await edit(form.id, { name: 'Formulario concurrente' });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await edit(form.id, { name: 'Formulario concurrente' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(eventMessages.formChanged(2));
    expect(stale.json().message).toBe('El formulario cambió desde que lo abrió: versión 2.');
    const ahead = await edit(form.id, { name: 'Formulario concurrente', expectedVersion: 7 });
    expect(ahead.statusCode).toBe(404);
    expect(ahead.json().message).toBe(eventMessages.formVersionNotFound(7));
    const missingVersion = await call('GET', `/enrollment-forms/${form.id}/versions/9`);
    expect(missingVersion.statusCode).toBe(404);
    expect(missingVersion.json().message).toBe('La versión 9 del formulario no existe.');
    const missingForm = await call('GET', '/enrollment-forms/999999/versions/1');
    expect(missingForm.statusCode).toBe(404);
    expect(missingForm.json().message).toBe(eventMessages.formNotFound);
    expect((await edit(999_999, {})).statusCode).toBe(404);
    const [row] = await ctx.handle.db
      .select({ version: enrollmentForms.version })
      .from(enrollmentForms)
      .where(eq(enrollmentForms.id, form.id));
    expect(row!.version).toBe(2);
  });

  it('bad input is a Spanish 4xx and changes nothing', async () => {
    const form = await createForm('Formulario para entradas malas');
    for (const body of [
      { expectedVersion: undefined },
      { expectedVersion: 'uno' },
      { expectedVersion: 0 },
      { name: '   ' },
      { definition: { fields: [] } },
    ]) {
      const res = await edit(form.id, { name: 'Formulario para entradas malas', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/[a-záéíóú]/i);
    }
    expect((await call('GET', '/enrollment-forms/abc/versions/1')).statusCode).toBe(400);
    expect((await call('GET', `/enrollment-forms/${form.id}/versions/-1`)).statusCode).toBe(400);
    expect((await call('GET', `/enrollment-forms/${form.id}`)).json().version).toBe(1);
  });
});

describe('names and state', () => {
  it('refuses a second active form with the same name, accents, case and spaces aside (409)', async () => {
    await createForm('Inscripción Olimpiada');
    for (const name of ['inscripcion olimpiada', 'INSCRIPCIÓN  OLIMPIADA', ' Inscripcion Olimpiada ']) {
      const res = await call('POST', '/enrollment-forms', { name, definition: definition() });
      expect(res.statusCode, name).toBe(409);
      expect(res.json().message).toBe(eventMessages.formNameTaken('Inscripción Olimpiada'));
    }
    // A rename onto it is refused too; renaming a form to its own name with other accents is not.
    const other = await createForm('Otra inscripción');
    const rename = await edit(other.id, { name: 'Inscripcion olimpiada' });
    expect(rename.statusCode).toBe(409);
    const own = await edit(other.id, { name: 'OTRA INSCRIPCION' });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('an inactive form is not offered for new events, frees its name, and cannot come back over a taken one', async () => {
    const form = await createForm('Formulario viejo');
    const off = await call('PATCH', `/enrollment-forms/${form.id}/active`, { active: false });
    expect(off.json()).toEqual({ id: form.id, active: false });
    const options = (await call('GET', '/events/options')).json<{
      forms: Array<{ id: number; name: string }>;
    }>();
    expect(options.forms.map((f) => f.id)).not.toContain(form.id);
    const newer = await createForm('Formulario viejo');
    expect(options.forms.length).toBeGreaterThan(0);
    const offered = (await call('GET', '/events/options')).json<{
      forms: Array<{ id: number; name: string }>;
    }>();
    expect(offered.forms.find((f) => f.id === newer.id)?.name).toBe('Formulario viejo (versión 1)');
    const back = await call('PATCH', `/enrollment-forms/${form.id}/active`, { active: true });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(eventMessages.formNameTaken('Formulario viejo'));
  });
});

describe('all or nothing', () => {
  it('an edit whose audit row fails leaves the form and its versions as they were', async () => {
    const form = await createForm('Formulario atómico');
    const save = async () => {
      const res = await edit(form.id, { name: 'Formulario atómico renombrado' });
      return { status: res.statusCode, body: res.body };
    };
    await expectNothingWrittenWhenAuditFails(
      ctx.handle.db,
      'enrollment_form.update',
      ['enrollment_forms', 'enrollment_form_versions'],
      save,
    );
    expect((await save()).status).toBe(200);
  });
});
