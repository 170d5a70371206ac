import { type BlockCandidate, type BlockedStudentPage, blockingMessages } from '@bjp/domain';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, inscriptions, studentBlocks } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeStudentsWithTitulars } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

let ctx: TestContext;
let admin: string;
let depto: string;
let rudes: string[] = [];
let inscriptionIds: number[] = [];

const call = (method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });
const block = (rude: string, observation: unknown = 'Observación de bloqueo por control') =>
  call('POST', `/blocking/students/${rude}/block`, { observation });
const unblock = (rude: string, observation: unknown = 'Observación de desbloqueo revisado') =>
  call('POST', `/blocking/students/${rude}/unblock`, { observation });

// Each test gets its own database and students: none reads what another one wrote.
beforeEach(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 3 });
  const school = await makeSchool(db, { districtId: district.id, consolidated: true });
  const made = await makeStudentsWithTitulars(db, {
    institutionId: school.id,
    students: [
      { paterno: 'ZURITA', materno: 'ARCE', name: 'ANA' },
      { paterno: 'ARCE', materno: 'BELTRAN', name: 'LUIS' },
      { paterno: 'ARCE', materno: 'ALVAREZ', name: 'PEDRO' },
      { paterno: 'MAMANI', materno: 'CHOQUE', name: 'ROSA' },
      { paterno: 'QUISPE', materno: 'COPA', name: 'JUAN' },
    ],
  });
  rudes = made.rudes;
  inscriptionIds = made.inscriptionIds;
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'depto', type: 2, profile: 7, departmentId: 3 });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  depto = (await loginAs(ctx.app, 'depto', 2)).token;
});
afterEach(() => ctx.close());

describe('Bloqueo Estudiantes', () => {
  it('finds the block candidate by RUDE with its titular', async () => {
    const res = await call('GET', `/blocking/students/${rudes[0]!.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<BlockCandidate>()).toMatchObject({
      codigoRude: rudes[0],
      paterno: 'ZURITA',
      block: null,
      removed: false,
    });
    expect(res.json<BlockCandidate>().ci).toMatch(/^\d+$/);
    expect((await call('GET', '/blocking/students/NOEXISTE')).json().message).toBe(
      'Estudiante no encontrado',
    );
    expect((await call('GET', `/blocking/students/${rudes[0]}`, undefined, depto)).statusCode).toBe(403);
  });

  it('asks for an observation of at least 10 characters, for block and unblock alike', async () => {
    for (const [action, send] of [
      ['block', block],
      ['unblock', unblock],
    ] as const) {
      const missing = await call('POST', `/blocking/students/${rudes[0]}/${action}`, {});
      expect([missing.statusCode, missing.json().message]).toEqual([
        400,
        blockingMessages.observationRequired,
      ]);
      const empty = await send(rudes[0]!, '   ');
      expect(empty.json().message).toBe('¡La observación es requerida!');
      const short = await send(rudes[0]!, 'corta');
      expect(short.json().message).toBe('La observación debe tener al menos 10 caracteres.');
    }
    const rows = await ctx.handle.db.select().from(studentBlocks);
    expect(rows).toHaveLength(0);
  });

  it('blocks once, unblocks once, and keeps the whole history', async () => {
    const first = await block(rudes[0]!);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Validación exitosa',
      candidate: { block: { observation: 'Observación de bloqueo por control' } },
    });
    const again = await block(rudes[0]!);
    expect([again.statusCode, again.json().message]).toEqual([409, blockingMessages.alreadyBlocked]);
    const released = await unblock(rudes[0]!);
    expect(released.json()).toMatchObject({ message: 'Proceso exitoso', candidate: { block: null } });
    const twice = await unblock(rudes[0]!);
    expect([twice.statusCode, twice.json().message]).toEqual([409, blockingMessages.notBlocked]);
    expect((await block(rudes[0]!, 'Segundo bloqueo del estudiante')).statusCode).toBe(200);
    const history = await ctx.handle.db
      .select()
      .from(studentBlocks)
      .where(eq(studentBlocks.inscriptionId, inscriptionIds[0]!));
    expect(history.map((h) => [h.observation, h.unblockObservation])).toEqual([
      ['Observación de bloqueo por control', 'Observación de desbloqueo revisado'],
      ['Segundo bloqueo del estudiante', null],
    ]);
    const audits = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.entity, 'inscription'));
    expect(audits.map((a) => a.action)).toEqual(['blocking.block', 'blocking.unblock', 'blocking.block']);
  });

  it('lists the blocked students by paterno, materno and name, 10 a page', async () => {
    expect((await block(rudes[0]!, 'Segundo bloqueo del estudiante')).statusCode).toBe(200);
    for (const rude of rudes.slice(1, 4)) expect((await block(rude)).statusCode).toBe(200);
    const page = (await call('GET', '/blocking/blocked')).json<BlockedStudentPage>();
    expect(page.total).toBe(4);
    expect(page.items.map((i) => i.student)).toEqual([
      'ARCE ALVAREZ PEDRO',
      'ARCE BELTRAN LUIS',
      'MAMANI CHOQUE ROSA',
      'ZURITA ARCE ANA',
    ]);
    expect(page.items[3]!.observation).toBe('Segundo bloqueo del estudiante');
    expect((await call('GET', '/blocking/blocked?search=mamani')).json<BlockedStudentPage>().total).toBe(1);
  });

  it('does not block a removed beneficiary', async () => {
    await ctx.handle.db
      .update(inscriptions)
      .set({ removedAt: new Date('2025-11-10T12:00:00Z') })
      .where(eq(inscriptions.id, inscriptionIds[4]!));
    const res = await block(rudes[4]!);
    expect([res.statusCode, res.json().message]).toEqual([409, blockingMessages.removed]);
  });

  it('lets only one of two racing blocks through', async () => {
    const results = await Promise.all([block(rudes[1]!), block(rudes[1]!)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
