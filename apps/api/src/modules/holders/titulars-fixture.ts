import type { TitularModalResponse } from '@bjp/domain';
import { count } from 'drizzle-orm';
import type { auditLog, guardians, persons, titularAssignments } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { knownIdentity, makeHolderCourse } from '../../test/factories/holders.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

/**
 * The school, students and users the titular-modal test files share. Each file imports this module
 * afresh (vitest isolates files), so each has its own database and world.
 */
export const world = {
  ctx: undefined as unknown as TestContext,
  t: {} as Record<string, string>,
  sie: 0,
  closedSie: 0,
  ins: [] as number[],
  unvalidated: 0,
  closedStudent: 0,
};

export async function setupWorld(): Promise<void> {
  const ctx = await createTestApp();
  world.ctx = ctx;
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 2 });
  world.sie = (await makeSchool(db, { districtId: district.id })).id;
  world.closedSie = (await makeSchool(db, { districtId: district.id, consolidated: true })).id;
  const other = await makeSchool(db, { districtId: district.id });
  world.ins = (
    await makeHolderCourse(db, { institutionId: world.sie, students: Array.from({ length: 10 }, () => ({})) })
  ).inscriptionIds;
  world.unvalidated = (await makeHolderCourse(db, { institutionId: world.sie, students: [{ segipId: 0 }] }))
    .inscriptionIds[0]!;
  world.closedStudent = (await makeHolderCourse(db, { institutionId: world.closedSie, students: [{}] }))
    .inscriptionIds[0]!;
  await makeUser(db, {
    username: 'director',
    type: 2,
    profile: 9,
    institutionIds: [world.sie, world.closedSie],
  });
  await makeUser(db, { username: 'otrodirector', type: 2, profile: 9, institutionIds: [other.id] });
  await makeUser(db, { username: 'distrito', type: 2, profile: 10, districtId: district.id });
  const elsewhere = await makeDistrict(db, { departmentId: 2 });
  await makeUser(db, { username: 'otrodistrito', type: 2, profile: 10, districtId: elsewhere.id });
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  for (const [name, type] of [
    ['director', 2],
    ['otrodirector', 2],
    ['distrito', 2],
    ['otrodistrito', 2],
    ['admin', 1],
  ] as const) {
    world.t[name] = (await loginAs(ctx.app, name, type)).token;
  }
}

type Res<T> = { status: number; body: T };
export const call = async <
  T = TitularModalResponse & { message: string; details: { observation: string; segip: string } },
>(
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
): Promise<Res<T>> => {
  const res = await world.ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(world.t[who]!),
    payload,
  });
  return { status: res.statusCode, body: res.json<T>() };
};

export const modalUrl = (i: number, rest = '') =>
  `/holders/institutions/${world.sie}/inscriptions/${i}${rest}`;

export const segipMode = (mode: 'normal' | 'fail' | 'slow', delayMs?: number) =>
  fetch(`${world.ctx.outside.endpoints.segip.url}/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode, delayMs }),
  });

export const countOf = async (
  table: typeof persons | typeof guardians | typeof auditLog | typeof titularAssignments,
) => (await world.ctx.handle.db.select({ n: count() }).from(table))[0]!.n;

export function newTitularBody(overrides: Record<string, unknown> = {}) {
  const id = knownIdentity();
  return {
    carnet: id.carnet,
    complemento: '',
    foreign: false,
    relationshipId: 1,
    gender: id.gender,
    birthDate: id.birthDate,
    name: id.name,
    paterno: id.paterno,
    materno: id.materno,
    ...overrides,
  };
}

/**
 * 'Buscar' as `who`: adding an existing person ('Agregar Titular') takes an id the user's own search
 * found by document (see assertFoundBySearch), as the modal does.
 */
export async function searchAs(who: string, person: { carnet: string; complemento: string }): Promise<void> {
  const res = await call<{ found: boolean }>(who, 'POST', '/holders/persons/search', {
    carnet: person.carnet,
    complemento: person.complemento,
  });
  if (!res.body.found) throw new Error(`search for ${person.carnet} found nobody: ${res.status}`);
}
