import { createField, eventMessages, participantMessages } from '@bjp/domain';
import { eq, sql, sum } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, eventEnrollments, eventSeats } from '../../db/schema/index.js';
import { expectNothingWrittenWhenAuditFails } from '../../test/all-or-nothing.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import {
  makeEvent,
  multipartPayload,
  pngBytes,
  sampleFields,
  tempDataDir,
  validParticipant,
} from '../../test/factories/events.js';
import { makeUser } from '../../test/factories.js';

/** Issue 15: who enrolled in an event — list, detail with answers and files, cancellation, export. */
let ctx: TestContext;
let admin = '';
let other = '';
let address = 0;

const photo = {
  ...createField('upload', 'campo_Fotos'),
  name: 'foto',
  label: 'Fotografía',
  upload: { accept: 'image' as const, limit: 1 },
};
const fields = [
  ...sampleFields().map((f) =>
    f.kind === 'select'
      ? {
          ...f,
          options: {
            ...f.options,
            items: [
              { label: 'Mañana', value: '1' },
              { label: 'Tarde', value: '2' },
            ],
          },
        }
      : f,
  ),
  photo,
];

async function enroll(eventId: number, over: Partial<ReturnType<typeof validParticipant>> = {}) {
  const { extra, ...participant } = { ...validParticipant(), ...over };
  const { payload, headers } = await multipartPayload({
    data: JSON.stringify({ ...participant, extra }),
    foto: { bytes: pngBytes(), filename: 'foto carné.png', type: 'image/png' },
  });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/public/events/${eventId}/enrollments`,
    payload,
    headers,
    remoteAddress: `10.2.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
  });
}
const get = (url: string, token = admin) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: token ? bearer(token) : {} });
const cancel = (eventId: number, id: number, reason: unknown, token = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/events/${eventId}/participants/${id}/cancel`,
    headers: bearer(token),
    payload: { reason },
  });
const freePlaces = async (eventId: number) =>
  Number(
    (
      await ctx.handle.db
        .select({ n: sum(eventSeats.remaining) })
        .from(eventSeats)
        .where(eq(eventSeats.eventId, eventId))
    )[0]!.n,
  );

let eventId = 0;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp({ env: { DATA_DIR: tempDataDir() } });
  const db = ctx.handle.db;
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'ministerio', type: 1 });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  other = (await loginAs(ctx.app, 'ministerio', 1)).token;
  eventId = (await makeEvent(db, { maximum: 10, fields })).id;
  const people = [
    { key: 'juana', document: '1234567', firstLastName: 'Mamani', name: 'Juana', department: 'La Paz' },
    { key: 'jose', document: '7654321', firstLastName: 'Pérez', name: 'José', department: 'Oruro' },
    {
      key: 'ana',
      document: '5555555',
      firstLastName: 'Ñanculef',
      name: 'Ana',
      department: 'La Paz',
      institution: 'Colegio Ayacucho',
    },
  ];
  for (const [i, p] of people.entries()) {
    const { key, ...over } = p;
    const res = await enroll(eventId, over);
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json().id;
    // Enrolled on 10, 11 and 12 November at 23:30 in Bolivia (03:30 UTC of the next day).
    await db
      .update(eventEnrollments)
      .set({ createdAt: new Date(`2025-11-${11 + i}T03:30:00Z`) })
      .where(eq(eventEnrollments.id, ids[key]!));
  }
});
afterAll(() => ctx.close());

describe('participants list', () => {
  it('pages on the server, newest first, with the total', async () => {
    const res = await get(`/events/${eventId}/participants?pageSize=2`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(body.items.map((r: { id: number }) => r.id)).toEqual([ids.ana, ids.jose]);
    expect(body.items[0]).toMatchObject({
      fullName: 'Ñanculef Quispe Ana',
      document: '5555555',
      department: 'La Paz',
      institution: 'Colegio Ayacucho',
      status: 'active',
      files: 1,
      enrolledAt: '2025-11-13T03:30:00.000Z',
    });
    const second = (await get(`/events/${eventId}/participants?pageSize=2&page=2`)).json();
    expect(second.items.map((r: { id: number }) => r.id)).toEqual([ids.juana]);
  });

  it('searches names and document without accents or case, and filters', async () => {
    const idsOf = async (query: string) =>
      (await get(`/events/${eventId}/participants?${query}`)).json().items.map((r: { id: number }) => r.id);
    expect(await idsOf('q=perez')).toEqual([ids.jose]);
    expect(await idsOf('q=JOSÉ')).toEqual([ids.jose]);
    expect(await idsOf('q=nanculef')).toEqual([ids.ana]);
    expect(await idsOf('q=76543')).toEqual([ids.jose]);
    expect(await idsOf('q=%25')).toEqual([]);
    expect(await idsOf('department=La%20Paz')).toEqual([ids.ana, ids.juana]);
    expect(await idsOf('institution=ayacu')).toEqual([ids.ana]);
    // Bolivia's 11 November: José enrolled at 23:30 that day (03:30 UTC on the 12th).
    expect(await idsOf('from=2025-11-11&to=2025-11-11')).toEqual([ids.jose]);
    expect(await idsOf('from=2025-11-11')).toEqual([ids.ana, ids.jose]);
  });

  it('refuses bad input in Spanish and unknown events with 404', async () => {
    const huge = await get(`/events/2147483648/participants`);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/Identificador inválido/);
    expect((await get(`/events/${eventId}/participants?pageSize=101`)).statusCode).toBe(400);
    expect((await get(`/events/${eventId}/participants?status=otro`)).statusCode).toBe(400);
    expect((await get(`/events/${eventId}/participants?department=Marte`)).statusCode).toBe(400);
    const dates = await get(`/events/${eventId}/participants?from=2025-11-12&to=2025-11-11`);
    expect(dates.statusCode).toBe(400);
    expect(dates.body).toContain(participantMessages.datesOrdered);
    const unknown = await get(`/events/999999/participants`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(eventMessages.eventNotFound);
  });

  it('answers 401 without a session and 403 without events.manage', async () => {
    expect((await get(`/events/${eventId}/participants`, '')).statusCode).toBe(401);
    expect((await get(`/events/${eventId}/participants`, other)).statusCode).toBe(403);
    expect((await get(`/events/${eventId}/participants/${ids.juana}`, other)).statusCode).toBe(403);
    expect((await cancel(eventId, ids.juana!, 'Motivo suficiente', other)).statusCode).toBe(403);
    expect((await get(`/events/${eventId}/participants/export`, other)).statusCode).toBe(403);
  });
});

describe('participant detail and files', () => {
  it('shows the answers by the form labels and the files with a download address', async () => {
    const res = await get(`/events/${eventId}/participants/${ids.juana}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.answers).toEqual([
      { label: 'Colegio', value: 'Colegio Ayacucho' },
      { label: 'Turno', value: 'Mañana' },
      { label: 'Acepta el reglamento', value: 'Sí' },
      { label: 'Fotografía', value: 'foto carné.png' },
    ]);
    expect(body.attachments).toHaveLength(1);
    expect(body.attachments[0]).toMatchObject({ label: 'Fotografía', name: 'foto carné.png' });
    expect(body.cancellation).toBeNull();
    const file = await get(body.attachments[0].url.replace('/api/v1', ''));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="foto carn_.png"$/);
    expect(file.rawPayload.equals(pngBytes())).toBe(true);
  });

  it('checks the enrollment against the event, and the file against both', async () => {
    const elsewhere = (await makeEvent(ctx.handle.db, { fields })).id;
    const res = await get(`/events/${elsewhere}/participants/${ids.juana}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(participantMessages.notFound);
    const detail = (await get(`/events/${eventId}/participants/${ids.juana}`)).json();
    const fileId = detail.attachments[0].id;
    expect((await get(`/events/${elsewhere}/participants/${ids.juana}/files/${fileId}`)).statusCode).toBe(
      404,
    );
    expect((await get(`/events/${eventId}/participants/${ids.jose}/files/${fileId}`)).statusCode).toBe(404);
    expect((await get(`/events/${eventId}/participants/${ids.juana}/files/no-uuid`)).statusCode).toBe(400);
    expect((await get(`/events/${eventId}/participants/4294967296`)).statusCode).toBe(400);
  });
});

describe('cancelling an enrollment', () => {
  it('refuses a short, long or NUL reason with nothing changed', async () => {
    for (const reason of ['mal', 'x'.repeat(501), 'motivo\u0000largo', '     ', 12]) {
      const res = await cancel(eventId, ids.jose!, reason);
      expect(res.statusCode, JSON.stringify(reason)).toBe(400);
    }
    const [row] = await ctx.handle.db
      .select({ at: eventEnrollments.cancelledAt })
      .from(eventEnrollments)
      .where(eq(eventEnrollments.id, ids.jose!));
    expect(row!.at).toBeNull();
  });

  it('writes nothing when the audit row fails', async () => {
    await expectNothingWrittenWhenAuditFails(
      ctx.handle.db,
      'event.enrollment.cancel',
      ['event_enrollments', 'event_seats'],
      async () => {
        const res = await cancel(eventId, ids.jose!, 'Duplicado por error');
        return { status: res.statusCode, body: res.body };
      },
    );
  });

  it('gives the place back: a full event takes one more after a cancellation', async () => {
    const full = (await makeEvent(ctx.handle.db, { maximum: 2, fields })).id;
    const first = (await enroll(full, { document: '2000001' })).json().id;
    expect((await enroll(full, { document: '2000002' })).statusCode).toBe(201);
    const refused = await enroll(full, { document: '2000003' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(eventMessages.enrollmentFull);

    const res = await cancel(full, first, 'Se retiró del evento');
    expect(res.statusCode, res.body).toBe(200);
    expect(await freePlaces(full)).toBe(1);
    expect((await enroll(full, { document: '2000003' })).statusCode).toBe(201);
    expect(await freePlaces(full)).toBe(0);

    const again = await cancel(full, first, 'Otra vez el mismo motivo');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(participantMessages.alreadyCancelled);
    expect(await freePlaces(full)).toBe(0);
    const audits = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'event.enrollment.cancel' and ${auditLog.entityId} = ${String(first)}`);
    expect(audits).toHaveLength(1);

    // The list counts active enrollments only; the cancelled one shows under its own filter.
    const list = await get(`/events/${full}/participants?status=cancelled`);
    expect(list.json().items.map((r: { id: number }) => r.id)).toEqual([first]);
    const detail = (await get(`/events/${full}/participants/${first}`)).json();
    expect(detail.cancellation).toMatchObject({ reason: 'Se retiró del evento' });
    expect(detail.status).toBe('cancelled');
  });

  it('lets the same document enroll again after a cancellation, and only once', async () => {
    const open = (await makeEvent(ctx.handle.db, { fields })).id;
    const first = (await enroll(open, { document: '3000001' })).json().id;
    const dup = await enroll(open, { document: '3000001' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(eventMessages.enrollmentDuplicate);
    expect((await cancel(open, first, 'Datos mal cargados')).statusCode).toBe(200);
    expect((await enroll(open, { document: '3000001' })).statusCode).toBe(201);
    const dupAgain = await enroll(open, { document: '3000001' });
    expect(dupAgain.statusCode).toBe(409);
    expect(dupAgain.json().message).toBe(eventMessages.enrollmentDuplicate);
    // 'Inscritos' of the events list: one active enrollment.
    const events = (await get('/events?tab=all')).json();
    expect(events.items.find((e: { id: number }) => e.id === open).enrolled).toBe(1);
  });

  it('answers 404 for an enrollment of another event or an unknown event', async () => {
    const elsewhere = (await makeEvent(ctx.handle.db, { fields })).id;
    const res = await cancel(elsewhere, ids.ana!, 'Motivo suficiente');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(participantMessages.notFound);
    expect((await cancel(999999, ids.ana!, 'Motivo suficiente')).json().message).toBe(
      eventMessages.eventNotFound,
    );
  });
});

describe('export', () => {
  it('writes an XLSX with one column per form answer', async () => {
    const res = await get(`/events/${eventId}/participants/export?format=xlsx&department=La%20Paz`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="participantes_evento_${eventId}_\\d{4}-\\d{2}-\\d{2}\\.xlsx"$`),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Participantes')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    const header = values(2);
    expect(header).toEqual(
      expect.arrayContaining(['Apellido paterno', 'Documento', 'Colegio', 'Turno', 'Fotografía']),
    );
    const rows = [values(3), values(4)];
    expect(rows.map((r) => r[0])).toEqual([ids.ana, ids.juana]);
    expect(rows[1]![header.indexOf('Turno')]).toBe('Mañana');
    expect(rows[1]![header.indexOf('Inscrito el')]).toBe('10/11/2025 23:30');
    expect(sheet.getRow(5).values).toEqual([]);
  });

  it('writes a CSV with a BOM, quoting and formula cells neutralised', async () => {
    const sly = (await makeEvent(ctx.handle.db, { fields })).id;
    const extra = { colegio: '=HYPERLINK("http://x")', turno: '2', acepta: true };
    expect((await enroll(sly, { document: '4000001', extra })).statusCode).toBe(201);
    const res = await get(`/events/${sly}/participants/export?format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.startsWith('\uFEFFID,Apellido paterno,')).toBe(true);
    const [, line] = res.body.slice(1).split('\r\n');
    expect(line).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(line).toContain(',Tarde,Sí,');
  });
});
