import type { AdjustmentModalResponse } from '@bjp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persons } from '../../db/schema/index.js';
import { refreshStatistics } from '../../db/summaries.js';
import { expectNothingWrittenWhenAuditFails } from '../../test/all-or-nothing.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { knownIdentity, makePerson } from '../../test/factories/holders.js';
import { makeStudentsWithTitulars } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

/**
 * Issue 12, part 4, adjustments: each adjustment writes the change (through the holders' services),
 * the claimed adjustment, its titular history and the audit rows in one transaction. The last write
 * (the 'adjustments.request' audit row, or the candidate's own audit row) is made to fail, and no
 * table may keep any of the rows written before it.
 */
let ctx: TestContext;
let token = '';
let sie = 0;
let ids: number[] = [];

type Body = AdjustmentModalResponse & { message: string };
const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => {
  const res = await ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });
  return { status: res.statusCode, body: res.json<Body>() };
};
const eqId = (id: number) => eq(persons.id, id);
const ins = (i: number, rest = '') => `/adjustments/institutions/${sie}/inscriptions/${ids[i]}${rest}`;

/** Runs `act` with the audit row of `action` failing; asserts a 5xx and that no table changed. */
const withFailingAudit = (action: string, act: () => Promise<{ status: number; body?: unknown }>) =>
  expectNothingWrittenWhenAuditFails(ctx.handle.db, action, ['persons', 'guardians'], act);

async function found() {
  const person = await makePerson(ctx.handle.db);
  const res = await call('POST', '/holders/persons/search', {
    carnet: person.carnet,
    complemento: person.complemento,
  });
  expect(res.status).toBe(200);
  return person;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 2 });
  sie = (await makeSchool(db, { districtId: district.id, consolidated: true })).id;
  ids = (
    await makeStudentsWithTitulars(db, {
      institutionId: sie,
      students: Array.from({ length: 6 }, () => ({})),
    })
  ).inscriptionIds;
  await refreshStatistics(db);
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [sie] });
  token = (await loginAs(ctx.app, 'director', 2)).token;
});
afterAll(() => ctx.close());

describe('adjustments: the last write failing leaves nothing', () => {
  it("'Agregar Titular' with 'Editar Datos' of a candidate (guardian + person + audit rows)", async () => {
    const truth = knownIdentity();
    const [typo] = await ctx.handle.db
      .insert(persons)
      .values({
        carnet: truth.carnet,
        name: 'NOMBRE ERRADO',
        firstLastName: truth.paterno,
        secondLastName: truth.materno,
        birthDate: truth.birthDate,
        gender: truth.gender,
        segipVerifiedAt: new Date('2025-10-20T12:00:00Z'),
      })
      .returning();
    await call('POST', '/holders/persons/search', { carnet: typo!.carnet, complemento: '' });
    const body = {
      personId: typo!.id,
      relationshipId: 2,
      person: {
        foreign: false,
        gender: truth.gender,
        birthDate: truth.birthDate,
        name: truth.name,
        paterno: truth.paterno,
        materno: truth.materno,
      },
    };
    await withFailingAudit('holders.person.update', () => call('POST', ins(0, '/guardians'), body));
    const ok = await call('POST', ins(0, '/guardians'), body);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.guardians.find((g) => g.personId === typo!.id)?.name).toBe(truth.name);
  });

  it("'Registrar' another adult (CAMBIO TITULAR: assignment, adjustment, history, audit)", async () => {
    const person = await found();
    const added = await call('POST', ins(1, '/guardians'), { personId: person.id, relationshipId: 2 });
    expect(added.status).toBe(200);
    const guardianId = added.body.guardians.find((g) => g.personId === person.id)!.guardianId;
    await withFailingAudit('adjustments.request', () => call('PUT', ins(1, '/titular'), { guardianId }));
  });

  it("'Registrar' with none (BAJA BENEFICIARIO: removal, adjustment, audit)", async () => {
    await withFailingAudit('adjustments.request', () =>
      call('PUT', ins(2, '/titular'), { guardianId: null }),
    );
    await withFailingAudit('removals.remove', () => call('PUT', ins(2, '/titular'), { guardianId: null }));
  });

  it('CAMBIO PARENTESCO and ACTUALIZACION DATOS of the current titular', async () => {
    const modal = await call('GET', ins(3, '/titulars'));
    const current = modal.body.guardians.find((g) => g.selected)!;
    const relationshipId = current.relationshipId === 1 ? 2 : 1;
    await withFailingAudit('adjustments.request', () =>
      call('PATCH', ins(3, `/guardians/${current.guardianId}`), { relationshipId }),
    );
    const [person] = await ctx.handle.db.select().from(persons).where(eqId(current.personId));
    await withFailingAudit('adjustments.request', () =>
      call('PUT', ins(3, `/persons/${current.personId}`), {
        foreign: person!.foreign,
        gender: person!.gender,
        birthDate: person!.birthDate,
        name: person!.name,
        paterno: person!.firstLastName,
        materno: person!.secondLastName,
      }),
    );
  });
});
