import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createField, defaultFormConfig, eventStates } from '@bjp/domain';
import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollmentFiles, eventEnrollments, eventSeats, events } from '../../db/schema/index.js';
import { expectNothingWrittenWhenAuditFails } from '../../test/all-or-nothing.js';
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
  sampleFields,
  tempDataDir,
  validParticipant,
} from '../../test/factories/events.js';
import { makeCourseWithStudents, makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

/**
 * Issue 12, part 4, events: creating an event (event, seats, files on disk and their rows, audit),
 * sending and concluding it, a public enrollment (a seat taken, the enrollment, its uploads and the
 * audit row, in one statement), the form builder's save and switch, places, periods and the school
 * participant list (Guardar / Inscribir). Each path's last write, its audit row, is made to fail:
 * no table may keep the others, and no uploaded file may stay on disk.
 */
let ctx: TestContext;
let dataDir = '';
const t = { admin: '', director: '' };
let choices: EventChoices;
let schoolId = 0;
let stageId = 0;
let studentIds: number[] = [];
let address = 0;

type Res = { status: number; body: string; json: <T = Record<string, unknown>>() => T };
const wrap = (res: { statusCode: number; body: string; json: () => unknown }): Res => ({
  status: res.statusCode,
  body: res.body,
  json: <T>() => res.json() as T,
});
const call = async (who: keyof typeof t, method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  wrap(await ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(t[who]), payload }));

/** Files under the data folder's uploads (events' and enrollments'). */
const storedFiles = (): string[] => {
  try {
    return readdirSync(path.join(dataDir, 'uploads', 'events'), { recursive: true })
      .map(String)
      .filter((f) => f.includes('.'));
  } catch {
    return [];
  }
};

/** Runs `act` with the audit row of `action` failing; asserts a 5xx, no table changed and no new file. */
async function withFailingAudit(action: string, tables: string[], act: () => Promise<Res>) {
  const files = storedFiles();
  await expectNothingWrittenWhenAuditFails(ctx.handle.db, action, tables, act);
  expect(storedFiles()).toEqual(files);
}

const eventFields = () => eventFormFields(choices);
async function postEvent() {
  const { payload, headers } = await multipartPayload({
    ...eventFields(),
    banner: { bytes: pngBytes(), filename: 'banner.png', type: 'image/png' },
    regulation: { bytes: pdfBytes(), filename: 'reglamento.pdf', type: 'application/pdf' },
  });
  return wrap(
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      payload,
      headers: { ...headers, ...bearer(t.admin) },
    }),
  );
}

const photo = {
  ...createField('upload', 'campo_Fotos'),
  name: 'foto',
  upload: { accept: 'image' as const, limit: 1 },
};
async function enrollWithPhoto(eventId: number, document: string) {
  const { extra, ...participant } = validParticipant(document);
  const { payload, headers } = await multipartPayload({
    data: JSON.stringify({ ...participant, extra }),
    foto: { bytes: pngBytes(), filename: 'foto.png', type: 'image/png' },
  });
  return wrap(
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/public/events/${eventId}/enrollments`,
      payload,
      headers,
      remoteAddress: `10.1.0.${++address}`,
    }),
  );
}
const freePlaces = async (eventId: number) =>
  Number(
    (
      await ctx.handle.db
        .select({ n: sum(eventSeats.remaining) })
        .from(eventSeats)
        .where(eq(eventSeats.eventId, eventId))
    )[0]!.n,
  );

beforeAll(async () => {
  dataDir = tempDataDir();
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 2 });
  schoolId = (await makeSchool(db, { districtId: district.id })).id;
  studentIds = await makeCourseWithStudents(db, { institutionId: schoolId, count: 4, gradeId: 2 });
  stageId = (await makePeriod(db, { phase: 'Inscripción de participantes' })).id;
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [schoolId] });
  t.admin = (await loginAs(ctx.app, 'admin', 1)).token;
  t.director = (await loginAs(ctx.app, 'director', 2)).token;
  const [place, period, form] = [await makePlace(db), await makePeriod(db), await makeForm(db)];
  choices = { placeId: place.id, kindEventId: period.id, enrollmentFormId: form.id };
});
afterAll(() => ctx.close());

describe('events back office: the last write failing leaves nothing', () => {
  it('creating an event (event + seats + files on disk and their rows + audit)', async () => {
    await withFailingAudit('event.create', ['events', 'event_seats', 'event_files'], postEvent);
    // Without the failure the same call goes through: the test can tell a kept row from none.
    const ok = await postEvent();
    expect(ok.status, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ files: ['banner', 'regulation'] });
    expect(storedFiles()).toHaveLength(2);
  });

  it("'Enviar' and 'Concluir' (state change + audit)", async () => {
    const created = await makeEvent(ctx.handle.db, { state: eventStates.created });
    const send = () => call('admin', 'POST', `/events/${created.id}/send`);
    await withFailingAudit('event.send', ['events'], send);
    expect((await send()).status).toBe(200);
    const conclude = () => call('admin', 'POST', `/events/${created.id}/conclude`);
    await withFailingAudit('event.conclude', ['events'], conclude);
    expect((await conclude()).status).toBe(200);
  });

  it('a new place (place + audit)', async () => {
    const add = () =>
      call('admin', 'POST', '/places', { description: 'Coliseo', capacity: 500, reference: '2025-11-30' });
    await withFailingAudit('place.create', ['places'], add);
    expect((await add()).status).toBe(201);
  });

  it('a new period or stage and its switch (period + audit)', async () => {
    const add = () =>
      call('admin', 'POST', '/kind-events', {
        name: 'Olimpiadas 2025',
        phase: 'Fase departamental',
        subsystems: ['Regular'],
        startsOn: '2025-11-10',
        endsOn: '2025-12-10',
        instances: ['departmental', 'institutional'],
        state: 'VIGENTE',
      });
    await withFailingAudit('period.create', ['periods'], add);
    const created = await add();
    expect(created.status, created.body).toBe(201);
    const off = () =>
      call('admin', 'PATCH', `/kind-events/${created.json<{ id: number }>().id}/active`, { active: false });
    await withFailingAudit('period.active', ['periods'], off);
    expect((await off()).json()).toMatchObject({ active: false });
  });
});

describe('form builder: the last write failing leaves nothing', () => {
  it("'Guardar' of a builder form (form + audit) and its 'Activo' switch", async () => {
    const save = () =>
      call('admin', 'POST', '/enrollment-forms', {
        name: 'Inscripción feria',
        description: 'Feria 2025',
        definition: { config: defaultFormConfig, fields: sampleFields() },
      });
    await withFailingAudit('enrollment_form.create', ['enrollment_forms', 'enrollment_form_versions'], save);
    const saved = await save();
    expect(saved.status, saved.body).toBe(201);
    const off = () =>
      call('admin', 'PATCH', `/enrollment-forms/${saved.json<{ id: number }>().id}/active`, {
        active: false,
      });
    await withFailingAudit('enrollment_form.active', ['enrollment_forms'], off);
    expect((await off()).json()).toMatchObject({ active: false });
  });
});

describe('public enrollment: the last write failing leaves nothing', () => {
  it('a seat taken + the enrollment with its answers + its upload on disk and its row + audit', async () => {
    const event = await makeEvent(ctx.handle.db, { fields: [...sampleFields(), photo], maximum: 5 });
    await withFailingAudit('event.enroll', ['event_seats', 'event_enrollments', 'enrollment_files'], () =>
      enrollWithPhoto(event.id, '7000001'),
    );
    expect(await freePlaces(event.id)).toBe(5);
    const files = storedFiles().length;
    const ok = await enrollWithPhoto(event.id, '7000001');
    expect(ok.status, ok.body).toBe(201);
    expect(storedFiles()).toHaveLength(files + 1);
    expect(await freePlaces(event.id)).toBe(4);
    const id = ok.json<{ id: number }>().id;
    const [stored] = await ctx.handle.db.select().from(eventEnrollments).where(eq(eventEnrollments.id, id));
    expect(stored!.extra).toMatchObject({ colegio: 'Colegio Ayacucho', turno: '1', acepta: true });
    expect(
      await ctx.handle.db.select().from(enrollmentFiles).where(eq(enrollmentFiles.enrollmentId, id)),
    ).toHaveLength(1);
    const [row] = await ctx.handle.db.select().from(events).where(eq(events.id, event.id));
    expect(row!.state).toBe(eventStates.active);
  });
});

describe("school participants ('Guardar' / 'Inscribir'): the last write failing leaves nothing", () => {
  const url = (action: 'participants' | 'close') =>
    `/institution-enrollment/stages/${stageId}/institutions/${schoolId}/${action}`;

  it("'Guardar' (list row + old participants deleted + new ones inserted + stamp + audit)", async () => {
    // The first save creates the list's row (ON CONFLICT DO NOTHING): it must go back as well.
    await withFailingAudit('institution_enrollment.save', ['institution_enrollments'], () =>
      call('director', 'PUT', url('participants'), { inscriptionIds: studentIds.slice(0, 2) }),
    );
    const first = await call('director', 'PUT', url('participants'), {
      inscriptionIds: studentIds.slice(0, 2),
    });
    expect(first.status, first.body).toBe(200);
    await withFailingAudit(
      'institution_enrollment.save',
      ['institution_enrollments', 'institution_enrollment_participants'],
      () => call('director', 'PUT', url('participants'), { inscriptionIds: studentIds.slice(2) }),
    );
  });

  it("'Inscribir' (participants replaced + closed + audit)", async () => {
    const close = () => call('director', 'POST', url('close'), { inscriptionIds: studentIds.slice(1, 3) });
    await withFailingAudit('institution_enrollment.close', ['institution_enrollment_participants'], close);
    const closed = await close();
    expect(closed.status, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ closed: true, participantIds: studentIds.slice(1, 3) });
  });
});
