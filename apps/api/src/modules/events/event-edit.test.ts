import { eventMessages } from '@bjp/domain';
import { and, count, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  enrollmentForms,
  enrollmentFormVersions,
  eventFiles,
  eventSeats,
  events,
} from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import {
  makeEvent,
  makeForm,
  makePeriod,
  makePlace,
  multipartPayload,
  pdfBytes,
  pngBytes,
  tempDataDir,
  validParticipant,
} from '../../test/factories/events.js';
import { makeUser } from '../../test/factories.js';

/** Issue 15: 'Editar', 'Historial' and 'Desactivar' of an event; kinds of event are event stages. */
let ctx: TestContext;
let admin: string;
let address = 0;

beforeAll(async () => {
  ctx = await createTestApp({ env: { DATA_DIR: tempDataDir() } });
  await makeUser(ctx.handle.db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
});
afterAll(() => ctx.close());

type Event = Awaited<ReturnType<typeof makeEvent>>;
const fieldsOf = (e: Event, overrides: Record<string, string> = {}) => ({
  title: e.title,
  description: e.description,
  detail: e.detail,
  startsOn: e.startsOn,
  endsOn: e.endsOn,
  placeId: String(e.placeId),
  kindEventId: String(e.kindEventId),
  enrollmentFormId: String(e.enrollmentFormId),
  minimum: String(e.minimum),
  maximum: String(e.maximum),
  withLimitControl: String(e.withLimitControl),
  ...overrides,
});

async function putEvent(id: number | string, parts: Parameters<typeof multipartPayload>[0]) {
  const { payload, headers } = await multipartPayload(parts);
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/events/${id}`,
    payload,
    headers: { ...headers, ...bearer(admin) },
  });
}
const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(admin) });
const enroll = (eventId: number, document: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/public/events/${eventId}/enrollments`,
    payload: validParticipant(document),
    remoteAddress: `10.9.0.${++address}`,
  });
const eventRow = async (id: number) =>
  (await ctx.handle.db.select().from(events).where(eq(events.id, id)))[0]!;
const freePlaces = async (id: number) =>
  Number(
    (
      await ctx.handle.db
        .select({ n: sum(eventSeats.remaining) })
        .from(eventSeats)
        .where(eq(eventSeats.eventId, id))
    )[0]!.n ?? 0,
  );
const fileRows = (id: number) =>
  ctx.handle.db.select().from(eventFiles).where(eq(eventFiles.eventId, id)).orderBy(eventFiles.version);

describe('editing an event', () => {
  it('changes every field, keeps the replaced regulation as version 1 and records what changed', async () => {
    const event = await makeEvent(ctx.handle.db, { state: 1 });
    const first = await putEvent(event.id, {
      ...fieldsOf(event),
      regulation: { bytes: pdfBytes(), filename: 'reglamento-v1.pdf' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const place = await makePlace(ctx.handle.db);
    const res = await putEvent(event.id, {
      ...fieldsOf(event, {
        title: 'Feria científica departamental',
        endsOn: '2025-11-28',
        placeId: String(place.id),
        maximum: '80',
      }),
      regulation: { bytes: pdfBytes(400), filename: 'reglamento-v2.pdf' },
      banner: { bytes: pngBytes(), filename: 'banner.png' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Feria científica departamental',
      duration: 4,
      maximum: 80,
      placeName: place.description,
      files: ['banner', 'regulation'],
    });
    expect(await freePlaces(event.id)).toBe(80);

    const files = await fileRows(event.id);
    expect(files.filter((f) => f.kind === 'regulation').map((f) => [f.version, f.current])).toEqual([
      [1, false],
      [2, true],
    ]);
    // The current file is the new one; the old one is still downloadable from the history.
    const current = await get(`/api/v1/events/${event.id}/files/regulation`);
    expect(current.rawPayload.length).toBe(400);
    const old = await get(`/api/v1/events/${event.id}/files/regulation/versions/1`);
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.length).toBe(300);
    expect(old.headers['content-disposition']).toContain('reglamento-v1.pdf');
    expect((await get(`/api/v1/events/${event.id}/files/regulation/versions/9`)).statusCode).toBe(404);

    const history = (await get(`/api/v1/events/${event.id}/history`)).json();
    const last = history.changes.at(-1);
    expect(last).toMatchObject({ action: 'event.update', userName: expect.any(String) });
    expect(Object.fromEntries(last.fields.map((f: { field: string }) => [f.field, f]))).toMatchObject({
      title: { before: 'Feria científica', after: 'Feria científica departamental' },
      endsOn: { before: '2025-11-27', after: '2025-11-28' },
      // The codes come with their names, so the history shows places, not numbers.
      placeId: {
        before: event.placeId,
        after: place.id,
        beforeName: expect.stringMatching(/^Auditorio central \d+$/),
        afterName: place.description,
      },
      maximum: { before: 100, after: 80 },
    });
    expect(last.fields.find((f: { field: string }) => f.field === 'title')).not.toHaveProperty('afterName');
    expect(last.fields.map((f: { field: string }) => f.field)).not.toContain('description');
    expect(history.files.map((f: { kind: string; version: number }) => `${f.kind}${f.version}`)).toEqual([
      'banner1',
      'regulation1',
      'regulation2',
    ]);
    const detail = (await get(`/api/v1/events/${event.id}`)).json();
    expect(detail).toMatchObject({ placeId: place.id, detail: event.detail, placeActive: true });
    expect(detail.currentFiles).toContainEqual({
      kind: 'regulation',
      version: 2,
      originalName: 'reglamento-v2.pdf',
    });
  });

  it('refuses a maximum below the enrolled and re-balances the free places when it changes', async () => {
    const event = await makeEvent(ctx.handle.db, { maximum: 10 });
    for (let i = 0; i < 4; i++) expect((await enroll(event.id, String(5_100_000 + i))).statusCode).toBe(201);
    const before = await eventRow(event.id);
    const low = await putEvent(event.id, fieldsOf(event, { maximum: '3', minimum: '0' }));
    expect(low.statusCode).toBe(409);
    expect(low.json().message).toBe('El máximo no puede ser menor que los 4 inscritos.');
    expect(await eventRow(event.id)).toEqual(before);
    expect(await freePlaces(event.id)).toBe(6);

    expect((await putEvent(event.id, fieldsOf(event, { maximum: '5' }))).statusCode).toBe(200);
    expect(await freePlaces(event.id)).toBe(1);
    expect((await enroll(event.id, '5100010')).statusCode).toBe(201);
    expect((await enroll(event.id, '5100011')).json().message).toBe(eventMessages.enrollmentFull);
    expect((await putEvent(event.id, fieldsOf(event, { maximum: '40' }))).statusCode).toBe(200);
    expect(await freePlaces(event.id)).toBe(35);
    const [shards] = await ctx.handle.db
      .select({ n: count() })
      .from(eventSeats)
      .where(eq(eventSeats.eventId, event.id));
    expect(shards!.n).toBe(16);
    // Limit control off: no seats; on again: the free places come back from the enrolled.
    expect(
      (await putEvent(event.id, fieldsOf(event, { maximum: '40', withLimitControl: 'false' }))).statusCode,
    ).toBe(200);
    expect(await freePlaces(event.id)).toBe(0);
    expect(
      (await putEvent(event.id, fieldsOf(event, { maximum: '40', withLimitControl: 'true' }))).statusCode,
    ).toBe(200);
    expect(await freePlaces(event.id)).toBe(35);
  });

  it('applies the rules of creation and changes nothing on bad input', async () => {
    const event = await makeEvent(ctx.handle.db, { state: 1 });
    const before = await eventRow(event.id);
    const filesBefore = await fileRows(event.id);
    const cases: Array<[Parameters<typeof multipartPayload>[0], number, string]> = [
      [fieldsOf(event, { startsOn: '2025-12-02', endsOn: '2025-11-28' }), 400, eventMessages.endBeforeStart],
      [fieldsOf(event, { minimum: '60', maximum: '50' }), 400, eventMessages.minimumAboveMaximum],
      [fieldsOf(event, { title: '  ' }), 400, 'El campo es obligatorio.'],
      [fieldsOf(event, { placeId: '99999999999999' }), 400, 'El campo es obligatorio.'],
      [fieldsOf(event, { placeId: '987654' }), 400, eventMessages.optionNotAvailable],
      [
        { ...fieldsOf(event), regulation: { bytes: pngBytes(), filename: 'r.pdf' } },
        400,
        `«r.pdf»: ${eventMessages.invalidFormat}`,
      ],
      [
        { ...fieldsOf(event), banner: { bytes: pdfBytes(), filename: 'b.png' } },
        400,
        `«b.png»: ${eventMessages.invalidImage}`,
      ],
      [{ ...fieldsOf(event), other: { bytes: pdfBytes(), filename: 'x.pdf' } }, 400, 'Archivo no esperado.'],
    ];
    for (const [parts, status, message] of cases) {
      const res = await putEvent(event.id, parts);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await putEvent('99999999999999', fieldsOf(event))).statusCode).toBe(400);
    expect((await putEvent('abc', fieldsOf(event))).statusCode).toBe(400);
    expect((await putEvent(987654, fieldsOf(event))).statusCode).toBe(404);
    const json = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/events/${event.id}`,
      payload: { title: 'x' },
      headers: bearer(admin),
    });
    expect(json.statusCode).toBe(400);
    expect(await eventRow(event.id)).toEqual(before);
    expect(await fileRows(event.id)).toEqual(filesBefore);
    const audits = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.update'), eq(auditLog.entityId, String(event.id))));
    expect(audits).toHaveLength(0);
  });

  it('changes the form only before Enviar, taking its latest version', async () => {
    const form = await makeForm(ctx.handle.db);
    // The form has a second version by now (an edit in the builder).
    await ctx.handle.db.insert(enrollmentFormVersions).values({
      formId: form.id,
      version: 2,
      name: form.name,
      definition: { config: {}, fields: [] },
    });
    await ctx.handle.db.update(enrollmentForms).set({ version: 2 }).where(eq(enrollmentForms.id, form.id));

    const created = await makeEvent(ctx.handle.db, { state: 1 });
    const changed = await putEvent(created.id, fieldsOf(created, { enrollmentFormId: String(form.id) }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await eventRow(created.id)).toMatchObject({ enrollmentFormId: form.id, enrollmentFormVersion: 2 });
    const history = (await get(`/api/v1/events/${created.id}/history`)).json();
    expect(history.changes.at(-1).fields).toContainEqual(
      expect.objectContaining({
        field: 'enrollmentFormId',
        afterName: form.name,
        beforeName: expect.any(String),
      }),
    );

    const sent = await makeEvent(ctx.handle.db, { state: 2 });
    const before = await eventRow(sent.id);
    const refused = await putEvent(sent.id, fieldsOf(sent, { enrollmentFormId: String(form.id) }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(eventMessages.formFixedOnceSent);
    expect(await eventRow(sent.id)).toEqual(before);
  });

  it('does not edit a concluded or a cancelled event', async () => {
    const concluded = await makeEvent(ctx.handle.db, { state: 3 });
    const res = await putEvent(concluded.id, fieldsOf(concluded, { title: 'Otro' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(eventMessages.concludedNotEditable);
    expect((await eventRow(concluded.id)).title).toBe(concluded.title);
  });

  it('keeps a place turned off since, but does not let a new choice be an inactive one', async () => {
    const event = await makeEvent(ctx.handle.db, { state: 1 });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/events/places/${event.placeId}/deactivate`,
      headers: bearer(admin),
    });
    const detail = (await get(`/api/v1/events/${event.id}`)).json();
    expect(detail).toMatchObject({ placeId: event.placeId, placeActive: false });
    expect((await putEvent(event.id, fieldsOf(event, { title: 'Con su ambiente' }))).statusCode).toBe(200);
    const off = await makePlace(ctx.handle.db, { state: false });
    const moved = await putEvent(event.id, fieldsOf(event, { placeId: String(off.id) }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().details).toEqual([{ field: 'placeId', message: eventMessages.optionNotAvailable }]);
  });
});

describe('deactivating an event', () => {
  it('cancels a created or active event: hidden from the public, no enrollments, not editable', async () => {
    const event = await makeEvent(ctx.handle.db);
    expect((await enroll(event.id, '5200001')).statusCode).toBe(201);
    const cancel = () =>
      ctx.app.inject({ method: 'POST', url: `/api/v1/events/${event.id}/cancel`, headers: bearer(admin) });
    expect((await cancel()).json()).toMatchObject({ id: event.id, state: 4 });
    expect((await cancel()).statusCode).toBe(409);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/public/events/${event.id}` })).statusCode,
    ).toBe(404);
    expect((await enroll(event.id, '5200002')).statusCode).toBe(404);
    const edit = await putEvent(event.id, fieldsOf(event));
    expect(edit.json().message).toBe(eventMessages.cancelledNotEditable);
    const tab = (await get('/api/v1/events?tab=cancelled')).json();
    expect(tab.items.map((e: { id: number }) => e.id)).toContain(event.id);
    const history = (await get(`/api/v1/events/${event.id}/history`)).json();
    expect(history.changes.at(-1)).toMatchObject({ action: 'event.cancel' });
    const concluded = await makeEvent(ctx.handle.db, { state: 3 });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/events/${concluded.id}/cancel`,
      headers: bearer(admin),
    });
    expect(refused.json().message).toBe(eventMessages.cancelFailed);
  });
});

describe('kinds of event', () => {
  it('offers only event stages, each named with its period, and refuses the registration period', async () => {
    const stage = await makePeriod(ctx.handle.db, { phase: 'Etapa institucional' });
    const options = (await get('/api/v1/events/options')).json();
    const labels = new Map(options.kinds.map((k: { id: number; name: string }) => [k.id, k.name]));
    expect(labels.get(stage.id)).toBe('Etapa institucional — Olimpiadas 2025');
    // Period 1 is the holder registration period (programme_settings.registration_period_id).
    expect(labels.has(1)).toBe(false);

    const event = await makeEvent(ctx.handle.db, { state: 1 });
    const res = await putEvent(event.id, fieldsOf(event, { kindEventId: '1' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'kindEventId', message: eventMessages.kindNotEventStage }]);
    const { payload, headers } = await multipartPayload({
      ...fieldsOf(event, { kindEventId: '1', placeId: String((await makePlace(ctx.handle.db)).id) }),
      enrollmentFormId: String((await makeForm(ctx.handle.db)).id),
      regulation: { bytes: pdfBytes(), filename: 'r.pdf' },
    });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      payload,
      headers: { ...headers, ...bearer(admin) },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(eventMessages.kindNotEventStage);
  });
});
