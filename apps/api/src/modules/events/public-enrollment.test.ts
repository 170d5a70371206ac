import { createField, eventMessages, MAX_UPLOAD_BYTES } from '@bjp/domain';
import { and, count, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, enrollmentFiles, eventEnrollments, eventSeats, events } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import {
  makeEvent,
  multipartPayload,
  pdfBytes,
  pngBytes,
  sampleFields,
  tempDataDir,
  validParticipant,
} from '../../test/factories/events.js';
import { raceIt } from '../../test/race.js';

let ctx: TestContext;
let address = 0;
/** Each request from its own address unless a test is about the per-address limit. */
const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

beforeAll(async () => {
  ctx = await createTestApp({ env: { DATA_DIR: tempDataDir() } });
});
afterAll(() => ctx.close());

const enroll = (eventId: number, payload: unknown, remoteAddress = nextAddress()) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/public/events/${eventId}/enrollments`,
    payload: payload as object,
    remoteAddress,
  });
const freePlaces = async (eventId: number) => {
  const [row] = await ctx.handle.db
    .select({ n: sum(eventSeats.remaining) })
    .from(eventSeats)
    .where(eq(eventSeats.eventId, eventId));
  return Number(row!.n);
};
const enrolledCount = async (eventId: number) =>
  (
    await ctx.handle.db
      .select({ n: count() })
      .from(eventEnrollments)
      .where(eq(eventEnrollments.eventId, eventId))
  )[0]!.n;

describe('public event', () => {
  it('shows an active event with its dynamic fields, without login', async () => {
    const event = await makeEvent(ctx.handle.db);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/public/events/${event.id}`,
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: event.id, open: true, full: false, files: { banner: null } });
    expect(res.json().fields).toHaveLength(3);
  });

  it('hides created events and shows concluded ones as closed', async () => {
    const created = await makeEvent(ctx.handle.db, { state: 1 });
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/public/events/${created.id}` })).statusCode,
    ).toBe(404);
    const concluded = await makeEvent(ctx.handle.db, { state: 3 });
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/public/events/${concluded.id}` })).json().open,
    ).toBe(false);
  });
});

describe('public enrollment', () => {
  it('enrols a valid participant and counts it', async () => {
    const event = await makeEvent(ctx.handle.db);
    const res = await enroll(event.id, validParticipant());
    expect(res.statusCode, res.body).toBe(201);
    expect(await enrolledCount(event.id)).toBe(1);
    expect(await freePlaces(event.id)).toBe(99);
    const [stored] = await ctx.handle.db
      .select()
      .from(eventEnrollments)
      .where(eq(eventEnrollments.eventId, event.id));
    expect(stored).toMatchObject({
      document: '1234567',
      extra: { colegio: 'Colegio Ayacucho', turno: '1', acepta: true },
    });
    const [audit] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.enroll'), eq(auditLog.entityId, String(res.json().id))));
    expect(audit).toMatchObject({ userId: null, after: { eventId: event.id, files: 0 } });
  });

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['document missing', { document: '' }, 'El campo es obligatorio.'],
    ['CI of 4 digits', { document: '1234' }, eventMessages.ciLength],
    ['CI of 11 digits', { document: '12345678901' }, eventMessages.ciLength],
    ['CI with letters', { document: '12345AB' }, eventMessages.ciDigitsOnly],
    [
      'foreign document with symbols',
      { document: 'A12 456', nationality: 2 },
      eventMessages.foreignDocumentChars,
    ],
    ['complement of one character', { complement: '1' }, eventMessages.invalidComplement],
    ['nationality missing', { nationality: undefined }, 'El campo es obligatorio.'],
    ['surname too short', { firstLastName: 'Li' }, 'La longitud del campo es demasiado corta.'],
    [
      'second surname with digits',
      { secondLastName: 'Quispe2' },
      'El campo solo soporta caracteres y espacios.',
    ],
    ['name missing', { name: '' }, 'El campo es obligatorio.'],
    ['phone too short', { phone: '123456' }, 'La longitud del campo es demasiado corta.'],
    ['bad e-mail', { email: 'juana@' }, 'El campo debe contener un correo electrónico válido.'],
    ['job too short', { job: 'Chef' }, 'La longitud del campo es demasiado corta.'],
    ['institution with symbols', { institution: 'U.E. #1' }, 'El campo solo soporta caracteres y espacios.'],
    ['position too short', { position: 'Je' }, 'La longitud del campo es demasiado corta.'],
    ['birth date missing', { birthDate: '' }, 'El campo es obligatorio.'],
    ['birth date in the future', { birthDate: '2026-01-01' }, eventMessages.birthDateInFuture],
    [
      "birth date tomorrow (the tests' day is 2025-11-20)",
      { birthDate: '2025-11-21' },
      eventMessages.birthDateInFuture,
    ],
    ['unknown department', { department: 'Lima' }, eventMessages.invalidOption],
  ];
  for (const [label, change, message] of cases) {
    it(`refuses ${label} with '${message}'`, async () => {
      const event = await makeEvent(ctx.handle.db);
      const res = await enroll(event.id, { ...validParticipant(), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await enrolledCount(event.id)).toBe(0);
    });
  }

  it('accepts the documents real people carry: an 8-digit CI with its complemento, a passport', async () => {
    const event = await makeEvent(ctx.handle.db);
    const ci = await enroll(event.id, { ...validParticipant('12345678'), complement: '1a' });
    expect(ci.statusCode, ci.body).toBe(201);
    const passport = await enroll(event.id, { ...validParticipant('a123456'), nationality: 2 });
    expect(passport.statusCode, passport.body).toBe(201);
    const ten = await enroll(event.id, validParticipant('1234567890'));
    expect(ten.statusCode, ten.body).toBe(201);
    const today = await enroll(event.id, { ...validParticipant('7777777'), birthDate: '2025-11-20' });
    expect(today.statusCode, today.body).toBe(201);
    const stored = await ctx.handle.db
      .select({ document: eventEnrollments.document, complement: eventEnrollments.complement })
      .from(eventEnrollments)
      .where(eq(eventEnrollments.eventId, event.id));
    expect(stored).toEqual(
      expect.arrayContaining([
        { document: '12345678', complement: '1A' },
        { document: 'A123456', complement: '' },
        { document: '1234567890', complement: '' },
      ]),
    );
  });

  it("follows each field's 'Obligatorio': an optional field may be left out, a required one may not", async () => {
    const [colegio, turno, acepta] = sampleFields();
    const fields = [{ ...colegio!, required: false }, turno!, { ...acepta!, required: false }];
    const event = await makeEvent(ctx.handle.db, { fields });
    const optionalOut = await enroll(event.id, { ...validParticipant(), extra: { turno: '1' } });
    expect(optionalOut.statusCode, optionalOut.body).toBe(201);
    const requiredOut = await enroll(event.id, { ...validParticipant('7000001'), extra: { colegio: 'X' } });
    expect(requiredOut.statusCode).toBe(400);
    expect(requiredOut.json().details).toEqual([{ field: 'extra.turno', message: 'Campo obligatorio' }]);
    const badOption = await enroll(event.id, {
      ...validParticipant('7000002'),
      extra: { colegio: 'X', turno: '7', acepta: true },
    });
    expect(badOption.json().details).toEqual([
      { field: 'extra.turno', message: eventMessages.invalidOption },
    ]);
    expect(await enrolledCount(event.id)).toBe(1);
  });

  it("refuses a required 'Interruptor' left off or missing ('debe activarlo'), and stores nothing", async () => {
    const event = await makeEvent(ctx.handle.db);
    for (const acepta of [false, undefined]) {
      const res = await enroll(event.id, {
        ...validParticipant(),
        extra: { colegio: 'Colegio Ayacucho', turno: '1', acepta },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Campo obligatorio: debe activarlo para continuar.');
      expect(res.json().details).toEqual([{ field: 'extra.acepta', message: eventMessages.mustAccept }]);
    }
    expect(await enrolledCount(event.id)).toBe(0);
  });

  it('applies the pattern rules of the form', async () => {
    const code = {
      ...createField('input', 'campo_Codig'),
      name: 'codigo',
      rules: [{ pattern: '^\\d{4}$', message: 'Ingresar valor válido', trigger: 'blur' as const }],
    };
    const event = await makeEvent(ctx.handle.db, { fields: [code] });
    const res = await enroll(event.id, { ...validParticipant(), extra: { codigo: 'abc' } });
    expect(res.json().details).toEqual([{ field: 'extra.codigo', message: 'Ingresar valor válido' }]);
    expect((await enroll(event.id, { ...validParticipant(), extra: { codigo: '1234' } })).statusCode).toBe(
      201,
    );
  });

  it('allows one enrollment per document (number and complement) per event', async () => {
    const event = await makeEvent(ctx.handle.db);
    expect((await enroll(event.id, validParticipant('7654321'))).statusCode).toBe(201);
    const again = await enroll(event.id, validParticipant('7654321'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(eventMessages.enrollmentDuplicate);
    expect((await enroll(event.id, { ...validParticipant('7654321'), complement: '1A' })).statusCode).toBe(
      201,
    );
    const other = await makeEvent(ctx.handle.db);
    expect((await enroll(other.id, validParticipant('7654321'))).statusCode).toBe(201);
    expect(await enrolledCount(event.id)).toBe(2);
    // The refused duplicates gave their places back.
    expect(await freePlaces(event.id)).toBe(98);
  });

  it('refuses created, concluded and finished events', async () => {
    const created = await makeEvent(ctx.handle.db, { state: 1 });
    expect((await enroll(created.id, validParticipant())).statusCode).toBe(404);
    const concluded = await makeEvent(ctx.handle.db, { state: 3 });
    const closed = await enroll(concluded.id, validParticipant());
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(eventMessages.enrollmentNotOpen);
    const finished = await makeEvent(ctx.handle.db, { startsOn: '2025-11-01', endsOn: '2025-11-19' });
    expect((await enroll(finished.id, validParticipant())).statusCode).toBe(409);
  });

  it('refuses an event concluded after its first enrollments (the statement re-checks the state)', async () => {
    const event = await makeEvent(ctx.handle.db);
    expect((await enroll(event.id, validParticipant('6000001'))).statusCode).toBe(201);
    await ctx.handle.db.update(events).set({ state: 3 }).where(eq(events.id, event.id));
    const late = await enroll(event.id, validParticipant('6000002'));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(eventMessages.enrollmentNotOpen);
    expect(await enrolledCount(event.id)).toBe(1);
  });

  raceIt('never passes the maximum under concurrency', async () => {
    const event = await makeEvent(ctx.handle.db, { maximum: 5 });
    const attempts = Array.from({ length: 25 }, (_, i) =>
      enroll(event.id, validParticipant(String(2_000_000 + i))),
    );
    const results = await Promise.all(attempts);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(20);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(eventMessages.enrollmentFull);
    expect(await enrolledCount(event.id)).toBe(5);
    expect(await freePlaces(event.id)).toBe(0);
    const page = (await ctx.app.inject({ method: 'GET', url: `/api/v1/public/events/${event.id}` })).json();
    expect(page).toMatchObject({ open: false, full: true });
  });

  raceIt('fills every shard of a larger maximum exactly under concurrency', async () => {
    const event = await makeEvent(ctx.handle.db, { maximum: 40 });
    const attempts = Array.from({ length: 120 }, (_, i) =>
      enroll(event.id, validParticipant(String(2_500_000 + i))),
    );
    const codes = (await Promise.all(attempts)).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(40);
    expect(codes.filter((c) => c === 409)).toHaveLength(80);
    expect(await enrolledCount(event.id)).toBe(40);
    expect(await freePlaces(event.id)).toBe(0);
  });

  it("does not cap an event with 'Sin Parametro' (no limit control)", async () => {
    const event = await makeEvent(ctx.handle.db, { maximum: 1, withLimitControl: false });
    expect((await enroll(event.id, validParticipant('3000001'))).statusCode).toBe(201);
    expect((await enroll(event.id, validParticipant('3000002'))).statusCode).toBe(201);
  });

  it('limits requests per address', async () => {
    const event = await makeEvent(ctx.handle.db);
    const codes: number[] = [];
    for (let i = 0; i < 21; i++)
      codes.push((await enroll(event.id, { document: '' }, '192.0.2.77')).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true);
    expect(codes[20]).toBe(429);
    expect((await enroll(event.id, validParticipant('4000001'), '192.0.2.78')).statusCode).toBe(201);
  });
});

describe('upload fields', () => {
  const photo = {
    ...createField('upload', 'campo_Fotos'),
    name: 'foto',
    upload: { accept: 'image' as const, limit: 1 },
  };

  const send = async (
    eventId: number,
    files: Record<string, { bytes: Buffer; filename: string }>,
    document = '5000001',
  ) => {
    const { extra: _extra, ...participant } = validParticipant(document);
    const { payload, headers } = await multipartPayload({
      data: JSON.stringify({ ...participant, extra: {} }),
      ...files,
    });
    return ctx.app.inject({
      method: 'POST',
      url: `/api/v1/public/events/${eventId}/enrollments`,
      payload,
      headers,
      remoteAddress: nextAddress(),
    });
  };

  it('takes the files of upload fields through multipart, checked by content and size', async () => {
    const event = await makeEvent(ctx.handle.db, { fields: [photo] });
    const missing = await send(event.id, {});
    expect(missing.json().details).toEqual([{ field: 'extra.foto', message: 'Campo obligatorio' }]);
    const pdf = await send(event.id, { foto: { bytes: pdfBytes(), filename: 'foto.png' } });
    expect(pdf.json().details).toEqual([
      { field: 'extra.foto', message: '«foto.png»: Tipo de archivo no válido.' },
    ]);
    const large = await send(event.id, {
      foto: { bytes: pngBytes(MAX_UPLOAD_BYTES + 10), filename: 'foto.png' },
    });
    expect(large.json().message).toBe('El tamaño del archivo debe ser menor a: 1024 KB');
    const ok = await send(event.id, { foto: { bytes: pngBytes(), filename: 'foto.png' } });
    expect(ok.statusCode, ok.body).toBe(201);
    const files = await ctx.handle.db
      .select()
      .from(enrollmentFiles)
      .where(eq(enrollmentFiles.enrollmentId, ok.json().id));
    expect(files).toMatchObject([{ fieldName: 'foto', contentType: 'image/png' }]);
  });
});
