import {
  type Kardex,
  type StepOnePage,
  type StepTwoPage,
  type SyncCalendar,
  type SyncDay,
  type SyncStatus,
  syncMessages,
} from '@bjp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inscriptions, syncBatches, titularAssignments } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import {
  controlSimulator,
  type MovableClock,
  makeStudentsWithTitulars,
  movableClock,
} from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

let ctx: TestContext;
let clock: MovableClock;
let admin: string;
let ministerio: string;
const rudes: Record<string, string> = {};

const call = (method: 'GET' | 'POST', url: string, token = admin) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token) });
const status = async () => (await call('GET', '/sync/status')).json<SyncStatus>();
const sintesis = (body: object) => controlSimulator(ctx.outside.endpoints.sintesis.url, body);
const dayStatus = async (date: string, token = admin) => {
  const res = await call('GET', '/sync/calendar', token);
  expect(res.statusCode, res.body).toBe(200);
  const calendar = res.json<SyncCalendar>();
  return calendar.months.flatMap((m) => m.days).find((d) => d.date === date)?.label;
};

beforeAll(async () => {
  // 20 Nov 2025, 16:00 in Bolivia.
  clock = movableClock('2025-11-20T20:00:00Z');
  ctx = await createTestApp({ clock });
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 5 });
  const consolidated = await makeSchool(db, { districtId: district.id, consolidated: true });
  const open = await makeSchool(db, { districtId: district.id });
  const today = await makeStudentsWithTitulars(db, {
    institutionId: consolidated.id,
    students: [{ paterno: 'ALTA' }, { paterno: 'BAJA' }, { paterno: 'REMOVIDO' }, { paterno: 'BLOQUEADO' }],
    titularAt: '2025-11-20T13:00:00Z',
  });
  const yesterday = await makeStudentsWithTitulars(db, {
    institutionId: consolidated.id,
    students: [{}],
    titularAt: '2025-11-19T13:00:00Z',
  });
  const notConsolidated = await makeStudentsWithTitulars(db, {
    institutionId: open.id,
    students: [{}],
    titularAt: '2025-11-20T13:00:00Z',
  });
  [rudes.alta, rudes.baja, rudes.removed, rudes.blocked] = today.rudes;
  rudes.yesterday = yesterday.rudes[0]!;
  rudes.open = notConsolidated.rudes[0]!;
  await db
    .update(titularAssignments)
    .set({ removedAt: new Date('2025-11-20T15:00:00Z') })
    .where(eq(titularAssignments.id, today.assignmentIds[1]!));
  await db
    .update(inscriptions)
    .set({ removedAt: new Date('2025-11-20T16:00:00Z') })
    .where(eq(inscriptions.id, today.inscriptionIds[2]!));
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'ministerio', type: 1 });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  ministerio = (await loginAs(ctx.app, 'ministerio', 1)).token;
  const blocked = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/blocking/students/${rudes.blocked}/block`,
    headers: bearer(admin),
    payload: { observation: 'Bloqueo por verificación de asistencia' },
  });
  expect(blocked.statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe('Sincronización Sintesis: the three steps in order', () => {
  it('opens only step 1 at first and refuses steps 2 and 3 before it', async () => {
    expect((await status()).steps).toEqual({ consolidate: true, send: false, copy: false });
    const send = await call('POST', '/sync/steps/send');
    expect([send.statusCode, send.json().message]).toEqual([409, syncMessages.changesNotConsolidated]);
    const copy = await call('POST', '/sync/steps/copy');
    expect([copy.statusCode, copy.json().message]).toEqual([409, syncMessages.changesNotConsolidated]);
    expect(await dayStatus('2025-11-20')).toBe('SINCRONIZACION PENDIENTE');
  });

  it('step 1 gathers the day’s changes of consolidated schools into a batch, once', async () => {
    const res = await call('POST', '/sync/steps/consolidate');
    expect(res.statusCode).toBe(200);
    expect(res.json().batch).toMatchObject({
      day: '2025-11-20',
      isSend: true,
      isSendChange: false,
      itemCount: 7,
      user: 'admin',
    });
    const list = (await call('GET', '/sync/step-one')).json<StepOnePage>();
    expect(list.items.map((i) => [i.codigoRude, i.descripcion.split(':')[0]]).sort()).toEqual(
      [
        [rudes.alta, 'Alta de titular'],
        [rudes.baja, 'Alta de titular'],
        [rudes.baja, 'Baja de titular'],
        [rudes.removed, 'Alta de titular'],
        [rudes.removed, 'Baja de beneficiario'],
        [rudes.blocked, 'Alta de titular'],
        [rudes.blocked, 'Bloqueo'],
      ].sort(),
    );
    expect(list.items.find((i) => i.codigoRude === rudes.blocked)).toBeDefined();
    expect((await call('GET', `/sync/step-one?rude=${rudes.baja}`)).json<StepOnePage>().total).toBe(2);
    const again = await call('POST', '/sync/steps/consolidate');
    expect([again.statusCode, again.json().message]).toEqual([409, syncMessages.changesClosed]);
    expect((await status()).steps).toEqual({ consolidate: false, send: true, copy: false });
    expect(await dayStatus('2025-11-20')).toBe('SINCRONIZACION INCOMPLETA');
  });

  it('step 2 fails with Síntesis’ message and changes nothing, then succeeds on a re-run', async () => {
    await sintesis({ recepcion: false });
    const closed = await status();
    expect(closed.checks.changeSync).toEqual({ open: false, reason: syncMessages.changeSyncClosed });
    expect(closed.steps.send).toBe(false);
    expect((await call('POST', '/sync/steps/send')).json().message).toBe(syncMessages.changeSyncClosed);
    await sintesis({ recepcion: true, mode: 'fail' });
    const failed = await call('POST', '/sync/steps/send');
    await sintesis({ mode: 'normal' });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe(
      'Error en el servicio Síntesis: Servicio Síntesis no disponible temporalmente.',
    );
    const [batch] = await ctx.handle.db.select().from(syncBatches);
    expect(batch!.isSendChange).toBe(false);
    const sent = await call('POST', '/sync/steps/send');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().batch).toMatchObject({ isSendChange: true, cut: `C20251120-${batch!.id}` });
    expect((await call('POST', '/sync/steps/send')).json().message).toBe(syncMessages.changeSyncDone);
    const two = (await call('GET', '/sync/step-two')).json<StepTwoPage>();
    expect(two.total).toBe(7);
    expect(two.items[0]).toMatchObject({ cut: `C20251120-${batch!.id}`, estado: null });
  });

  it('step 3 waits for Síntesis’ copy, survives a failure and stamps the record', async () => {
    await sintesis({ copia: false });
    expect((await status()).checks.copy).toEqual({ open: false, reason: syncMessages.copyClosed });
    expect((await call('POST', '/sync/steps/copy')).statusCode).toBe(409);
    await sintesis({ copia: true, mode: 'refuse' });
    const refused = await call('POST', '/sync/steps/copy');
    await sintesis({ mode: 'normal' });
    expect(refused.json().message).toBe(
      'Error en el servicio Síntesis: Síntesis rechazó la solicitud: operación fuera del horario habilitado.',
    );
    expect((await status()).steps).toEqual({ consolidate: false, send: false, copy: true });
    const copied = await call('POST', '/sync/steps/copy');
    expect(copied.statusCode).toBe(200);
    expect(copied.json().batch).toMatchObject({ isSendCopy: true, copyCount: 7 });
    const two = (await call('GET', `/sync/step-two?rude=${rudes.alta}`)).json<StepTwoPage>();
    expect(two.items).toMatchObject([{ rude: rudes.alta, estado: 'APLICADO' }]);
    expect((await call('POST', '/sync/steps/copy')).json().message).toBe(syncMessages.copyDone);
    expect((await status()).steps).toEqual({ consolidate: false, send: false, copy: false });
  });

  it('shows the student’s kardex', async () => {
    const kardex = (await call('GET', `/sync/kardex/${rudes.baja}`)).json<Kardex>();
    expect(kardex.titulars).toHaveLength(1);
    expect(kardex.titulars[0]!.removedAt).not.toBeNull();
    expect(kardex.syncChanges.map((c) => c.kind).sort()).toEqual(['ALTA TITULAR', 'BAJA TITULAR']);
    const blocked = (await call('GET', `/sync/kardex/${rudes.blocked}`)).json<Kardex>();
    expect(blocked.blocks).toMatchObject([
      { observation: 'Bloqueo por verificación de asistencia', unblockedAt: null },
    ]);
    expect((await call('GET', '/sync/kardex/NOEXISTE')).statusCode).toBe(404);
  });
});

describe('Estado de Sincronización (calendar on a pinned clock)', () => {
  it('derives the four statuses from the history, from the calendar start to today', async () => {
    await ctx.handle.db.insert(syncBatches).values({
      day: '2025-11-18',
      periodFrom: new Date('2025-11-18T04:00:00Z'),
      periodTo: new Date('2025-11-18T20:00:00Z'),
      isSend: true,
      sentAt: new Date('2025-11-18T20:00:00Z'),
    });
    const res = await call('GET', '/sync/calendar', ministerio);
    expect(res.statusCode, res.body).toBe(200);
    const calendar = res.json<SyncCalendar>();
    expect(calendar.start).toBe('2025-10-13');
    expect(calendar.months.map((m) => m.name)).toEqual(['Octubre 2025', 'Noviembre 2025']);
    expect(calendar.months[0]!.days[0]!.date).toBe('2025-10-13');
    expect(calendar.months[1]!.days.at(-1)).toMatchObject({
      date: '2025-11-20',
      isToday: true,
      label: 'SINCRONIZACION COMPLETA',
    });
    expect(await dayStatus('2025-11-18')).toBe('SINCRONIZACION INCOMPLETA');
    expect(await dayStatus('2025-11-19')).toBe('NO SINCRONIZADO');
    clock.set('2025-11-21T14:00:00Z');
    admin = (await loginAs(ctx.app, 'admin', 1)).token;
    expect(await dayStatus('2025-11-21')).toBe('SINCRONIZACION PENDIENTE');
    expect(await dayStatus('2025-11-20')).toBe('SINCRONIZACION COMPLETA');
  });

  it('opens a day: that day’s record with its counts, and its changes list by batch', async () => {
    // The clock moved a day in the test before: the morning's session has expired.
    ministerio = (await loginAs(ctx.app, 'ministerio', 1)).token;
    const res = await call('GET', '/sync/calendar/days/2025-11-20', ministerio);
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json<SyncDay>();
    expect(day.batches).toHaveLength(1);
    expect(day.batches[0]).toMatchObject({ day: '2025-11-20', isSendCopy: true });
    expect(day.batches[0]!.itemCount).toBeGreaterThan(0);
    const cell = (await call('GET', '/sync/calendar')).json<SyncCalendar>().months[1]!.days;
    expect(cell.find((d) => d.date === '2025-11-20')).toMatchObject({
      synced: true,
      changes: day.batches[0]!.itemCount,
    });
    expect(cell.find((d) => d.date === '2025-11-19')).toMatchObject({ synced: false, changes: 0 });
    const list = (await call('GET', `/sync/step-one?batch=${day.batches[0]!.id}`)).json<StepOnePage>();
    expect(list).toMatchObject({ batchDay: '2025-11-20', total: day.batches[0]!.itemCount });
    const empty = await call('GET', '/sync/calendar/days/2025-11-19', ministerio);
    expect(empty.json<SyncDay>().batches).toEqual([]);
    for (const bad of ['2025-02-30', 'ayer']) {
      const refused = await call('GET', `/sync/calendar/days/${bad}`, ministerio);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/Fecha no válida/);
    }
    // A path parameter past the router's length limit is refused before any schema, in Spanish.
    const long = await call('GET', `/sync/calendar/days/${'x'.repeat(10_000)}`, ministerio);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Solicitud no válida.');
  });

  it('lets only one of two racing consolidations through the next day, gathering after the last cut', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/blocking/students/${rudes.blocked}/unblock`,
      headers: bearer(admin),
      payload: { observation: 'Asistencia verificada por el distrito' },
    });
    const results = await Promise.all([
      call('POST', '/sync/steps/consolidate'),
      call('POST', '/sync/steps/consolidate'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    expect(winner.batch).toMatchObject({ day: '2025-11-21', itemCount: 1 });
    expect((await call('GET', '/sync/step-one')).json<StepOnePage>().items[0]!.descripcion).toBe(
      'Desbloqueo: Asistencia verificada por el distrito',
    );
  });
});
