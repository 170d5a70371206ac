import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eventMessages, MAX_UPLOAD_BYTES } from '@bjp/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, users } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import {
  type EventChoices,
  eventFormFields,
  makeEvent,
  makeForm,
  makePeriod,
  makePlace,
  multipartPayload,
  pdfBytes,
  pngBytes,
  tempDataDir,
} from '../../test/factories/events.js';
import { makeUser } from '../../test/factories.js';

let ctx: TestContext;
let admin: string;
let communication: string;
let dataDir: string;
let choices: EventChoices;

beforeAll(async () => {
  dataDir = tempDataDir();
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  const db = ctx.handle.db;
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'prensa', type: 1, roles: ['Comunicación'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  communication = (await loginAs(ctx.app, 'prensa', 1)).token;
  const [place, period, form] = [await makePlace(db), await makePeriod(db), await makeForm(db)];
  choices = { placeId: place.id, kindEventId: period.id, enrollmentFormId: form.id };
});
afterAll(() => ctx.close());

const eventFields = (overrides: Record<string, string> = {}) => eventFormFields(choices, overrides);

async function postEvent(parts: Parameters<typeof multipartPayload>[0], token = admin) {
  const { payload, headers } = await multipartPayload(parts);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/events',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}

const storedFiles = () => {
  try {
    return readdirSync(path.join(dataDir, 'uploads', 'events')).filter((f) => f.includes('.'));
  } catch {
    return [];
  }
};

describe('creating an event', () => {
  it('stores the event in state 1 with its files, computes the days and serves the files back', async () => {
    const res = await postEvent({
      ...eventFields(),
      banner: { bytes: pngBytes(), filename: 'banner.png', type: 'image/png' },
      poster: { bytes: pngBytes(), filename: 'afiche.png', type: 'image/png' },
      regulation: { bytes: pdfBytes(), filename: 'reglamento.pdf', type: 'application/pdf' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    // 28 Nov to 2 Dec: five days (the original's day-of-month difference gave −26).
    expect(created).toMatchObject({
      state: 1,
      inbox: 0,
      duration: 5,
      enrolled: 0,
      files: ['banner', 'poster', 'regulation'],
    });
    expect(storedFiles()).toHaveLength(3);
    expect(storedFiles().every((f) => !f.includes('banner') && !f.includes('reglamento'))).toBe(true);

    // A created event's files are for its managers only.
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/events/${created.id}/files/regulation`,
    });
    expect(anonymous.statusCode).toBe(404);
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/events/${created.id}/files/regulation`,
      headers: bearer(admin),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const [audit] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.create'), eq(auditLog.entityId, String(created.id))));
    expect(audit).toBeDefined();

    // 'Historial' names who uploaded the first version of each file.
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/events/${created.id}/history`,
      headers: bearer(admin),
    });
    const [adminUser] = await ctx.handle.db.select().from(users).where(eq(users.username, 'admin'));
    expect(history.json().files.map((f: { userName: string | null }) => f.userName)).toEqual([
      adminUser!.name,
      adminUser!.name,
      adminUser!.name,
    ]);
  });

  it('lets a Comunicación user register events', async () => {
    const res = await postEvent(
      { ...eventFields(), regulation: { bytes: pdfBytes(), filename: 'r.pdf' } },
      communication,
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses an end before the start and a minimum above the maximum', async () => {
    const regulation = { bytes: pdfBytes(), filename: 'r.pdf' };
    const backwards = await postEvent({
      ...eventFields({ startsOn: '2025-12-02', endsOn: '2025-11-28' }),
      regulation,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(eventMessages.endBeforeStart);
    const limits = await postEvent({ ...eventFields({ minimum: '60', maximum: '50' }), regulation });
    expect(limits.json().message).toBe(eventMessages.minimumAboveMaximum);
    const missing = await postEvent({ ...eventFields({ title: '' }), regulation });
    expect(missing.json()).toMatchObject({
      message: 'El campo es obligatorio.',
      details: [{ field: 'title' }],
    });
  });

  it('checks the files on the server by content and size, and keeps nothing of a refused request', async () => {
    const before = storedFiles().length;
    const pdfAsImage = await postEvent({
      ...eventFields(),
      banner: { bytes: pdfBytes(), filename: 'banner.png', type: 'image/png' },
      regulation: { bytes: pdfBytes(), filename: 'r.pdf' },
    });
    expect(pdfAsImage.statusCode).toBe(400);
    expect(pdfAsImage.json().details).toEqual([
      { field: 'banner', message: '«banner.png»: Tipo de archivo no válido.' },
    ]);

    const imageAsPdf = await postEvent({
      ...eventFields(),
      regulation: { bytes: pngBytes(), filename: 'reglamento.pdf', type: 'application/pdf' },
    });
    expect(imageAsPdf.json().details).toEqual([
      { field: 'regulation', message: '«reglamento.pdf»: Formato no aceptado.' },
    ]);

    const tooLarge = await postEvent({
      ...eventFields(),
      poster: { bytes: pngBytes(MAX_UPLOAD_BYTES + 1), filename: 'grande.png' },
      regulation: { bytes: pdfBytes(), filename: 'r.pdf' },
    });
    expect(tooLarge.json().details).toEqual([
      { field: 'poster', message: 'El tamaño del archivo debe ser menor a: 1024 KB' },
    ]);

    const noRegulation = await postEvent(eventFields());
    expect(noRegulation.json().details).toEqual([
      { field: 'regulation', message: 'El campo es obligatorio.' },
    ]);
    expect(storedFiles().length).toBe(before);

    const exactly = await postEvent({
      ...eventFields(),
      regulation: { bytes: pdfBytes(MAX_UPLOAD_BYTES), filename: 'r.pdf' },
    });
    expect(exactly.statusCode).toBe(201);
  });

  it('refuses inactive places, kinds and forms and removes the files it had written', async () => {
    const db = ctx.handle.db;
    const before = storedFiles().length;
    const res = await postEvent({
      ...eventFields({
        placeId: String((await makePlace(db, { state: false })).id),
        kindEventId: String((await makePeriod(db, { active: false })).id),
        enrollmentFormId: String((await makeForm(db, { state: false })).id),
      }),
      regulation: { bytes: pdfBytes(), filename: 'r.pdf' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual([
      'placeId',
      'kindEventId',
      'enrollmentFormId',
    ]);
    expect(storedFiles().length).toBe(before);
  });

  it('offers only active places, kinds and forms', async () => {
    const db = ctx.handle.db;
    const hidden = await makePlace(db, { state: false, description: 'Cerrado' });
    const options = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/events/options', headers: bearer(admin) })
    ).json();
    expect(options.places.map((p: { id: number }) => p.id)).not.toContain(hidden.id);
    expect(options.forms.every((f: { id: number }) => f.id !== 0)).toBe(true);
  });

  it("adds a place with 'Agregar ambiente'", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/places',
      headers: bearer(admin),
      payload: { description: 'Coliseo', capacity: 500, reference: '2025-11-30' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ description: 'Coliseo', capacity: 500, state: true });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/places',
      headers: bearer(admin),
      payload: { description: '' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('events list and lifecycle', () => {
  it('pages each tab at 10 on the server', async () => {
    for (let i = 0; i < 12; i++) await makeEvent(ctx.handle.db, { state: 3, title: `Concluido ${i}` });
    const first = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/events?tab=concluded&page=1',
        headers: bearer(admin),
      })
    ).json();
    expect(first).toMatchObject({ pageSize: 10, total: 12 });
    expect(first.items).toHaveLength(10);
    const second = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/events?tab=concluded&page=2',
        headers: bearer(admin),
      })
    ).json();
    expect(second.items).toHaveLength(2);
    const all = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/events?tab=all', headers: bearer(admin) })
    ).json();
    expect(all.total).toBeGreaterThan(12);
  });

  it("'Enviar' moves a created event to Activos once; a second send answers 409", async () => {
    const event = await makeEvent(ctx.handle.db, { state: 1 });
    const send = () =>
      ctx.app.inject({ method: 'POST', url: `/api/v1/events/${event.id}/send`, headers: bearer(admin) });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe(eventMessages.sendFailed);
    const [row] = await ctx.handle.db.select().from(events).where(eq(events.id, event.id));
    expect(row).toMatchObject({ state: 2, inbox: 1 });
    const audits = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.send'), eq(auditLog.entityId, String(event.id))));
    expect(audits).toHaveLength(1);
    const active = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/events?tab=active', headers: bearer(admin) })
    ).json();
    expect(active.items.map((e: { id: number }) => e.id)).toContain(event.id);
  });

  it('does not send an event whose end date has passed, nor an unknown one', async () => {
    const past = await makeEvent(ctx.handle.db, { state: 1, startsOn: '2025-11-01', endsOn: '2025-11-02' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/events/${past.id}/send`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(409);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/events/999999/send',
      headers: bearer(admin),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('concludes only active events', async () => {
    const created = await makeEvent(ctx.handle.db, { state: 1 });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/events/${created.id}/conclude`,
      headers: bearer(admin),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(eventMessages.concludeFailed);
    const active = await makeEvent(ctx.handle.db, { state: 2 });
    const done = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/events/${active.id}/conclude`,
      headers: bearer(communication),
    });
    expect(done.json()).toMatchObject({ id: active.id, state: 3 });
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/events/${active.id}/conclude`,
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(409);
  });
});
