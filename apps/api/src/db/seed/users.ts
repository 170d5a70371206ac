import { sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { rows } from '../rows.js';
import { userRoles, userScopes, users } from '../schema/index.js';
import {
  adultFemaleNames,
  adultMaleNames,
  andeanSurnames,
  asciiLower,
  lowlandSurnames,
  titleCase,
} from './names.js';
import type { Random } from './random.js';
import { DEMO_DISTRICT_ID } from './scales.js';

/** Password of every demo user (also in the README). */
export const DEMO_PASSWORD = 'Demo2025!';

// Only roles that fit ministry staff (packages/domain auth/roles.ts); SIE users get none (issue 16).
const ROLE = { administrador: 1, comunicacion: 2, root: 8 } as const;
const PROFILE = { department: 7, director: 9, district: 10, other: 3 } as const;
const LA_PAZ = 2;

export type DemoPlaces = {
  districtId: number;
  districtName: string;
  /** Open (not consolidated) regular school and special centre of that district. */
  regularId: number;
  specialId: number;
};

type Scope = { departmentId?: number; districtId?: number; institutionId?: number };
type NewUser = {
  username: string;
  name: string;
  firstLastName: string;
  type: 1 | 2;
  profile: number | null;
  isDemo: boolean;
  hasAccess: boolean;
  roles: number[];
  scopes: Scope[];
};

/**
 * The district of the demo district user and director: 'La Paz 1' when it has an open regular school
 * and an open special centre (the generator makes sure it does), else the first La Paz district that has.
 */
export async function findDemoPlaces(tx: Executor): Promise<DemoPlaces | null> {
  const candidates = await rows<{
    id: number;
    name: string;
    regular_id: number | null;
    special_id: number | null;
  }>(
    tx,
    sql`SELECT d.id, d.name,
          (SELECT min(i.id) FROM institutions i WHERE i.district_id = d.id AND i.code_type = 1
             AND i.holders_consolidated_at IS NULL) AS regular_id,
          (SELECT min(i.id) FROM institutions i WHERE i.district_id = d.id AND i.code_type = 4
             AND i.holders_consolidated_at IS NULL) AS special_id
        FROM districts d WHERE d.department_id = ${LA_PAZ}
        ORDER BY d.id <> ${DEMO_DISTRICT_ID}, d.id`,
  );
  const found = candidates.find((c) => c.regular_id !== null && c.special_id !== null);
  if (!found) return null;
  return {
    districtId: found.id,
    districtName: found.name,
    regularId: Number(found.regular_id),
    specialId: Number(found.special_id),
  };
}

/** The six demo logins, one per kind of user the specification names. */
function demoUsers(places: DemoPlaces | null): NewUser[] {
  const base = { firstLastName: '', isDemo: true, hasAccess: true };
  return [
    {
      ...base,
      username: 'admin',
      name: 'Administrador Nacional',
      type: 1,
      profile: null,
      roles: [ROLE.administrador],
      scopes: [],
    },
    // Ministry staff without roles: the national read-only views.
    {
      ...base,
      username: 'ministerio',
      name: 'Personal del Ministerio',
      type: 1,
      profile: null,
      roles: [],
      scopes: [],
    },
    {
      ...base,
      username: 'depto',
      name: 'Técnico Departamental La Paz',
      type: 2,
      profile: PROFILE.department,
      roles: [],
      scopes: [{ departmentId: LA_PAZ }],
    },
    {
      ...base,
      username: 'distrito',
      name: `Técnico Distrital ${places?.districtName ?? ''}`.trim(),
      type: 2,
      profile: PROFILE.district,
      roles: [],
      scopes: places ? [{ districtId: places.districtId }] : [],
    },
    {
      ...base,
      username: 'director',
      name: 'Director de Unidad Educativa',
      type: 2,
      profile: PROFILE.director,
      roles: [],
      scopes: places ? [{ institutionId: places.regularId }, { institutionId: places.specialId }] : [],
    },
    // Another school profile: logs in to an empty menu.
    {
      ...base,
      username: 'otro',
      name: 'Personal Administrativo',
      type: 2,
      profile: PROFILE.other,
      roles: [],
      scopes: [],
    },
  ];
}

type Places = { departmentIds: number[]; districtIds: number[]; institutionIds: number[] };

/** Dozens of staff accounts per tab of 'Lista de Usuarios' (25 a page), so every tab has several pages. */
function staffUsers(random: Random, places: Places): NewUser[] {
  const taken = new Set(['admin', 'ministerio', 'depto', 'distrito', 'director', 'otro']);
  const person = () => {
    const male = random.chance(0.5);
    const given = random.pick(male ? adultMaleNames : adultFemaleNames);
    const surname = random.pick(random.chance(0.6) ? andeanSurnames : lowlandSurnames);
    const second = random.pick(andeanSurnames);
    let username = `${asciiLower(given.split(' ')[0]).charAt(0)}${asciiLower(surname)}`;
    for (let n = 2; taken.has(username); n++) username = `${username.replace(/\d+$/, '')}${n}`;
    taken.add(username);
    return { username, name: titleCase(given), firstLastName: `${titleCase(surname)} ${titleCase(second)}` };
  };
  const common = { isDemo: false, hasAccess: true };
  const list: NewUser[] = [];
  const add = (
    count: number,
    make: () => Omit<NewUser, 'username' | 'name' | 'firstLastName' | 'isDemo' | 'hasAccess'>,
  ) => {
    for (let i = 0; i < count; i++)
      list.push({ ...common, ...person(), ...make(), hasAccess: !random.chance(0.08) });
  };
  add(62, () => ({
    type: 1,
    profile: null,
    scopes: [],
    roles: random.weighted<number[]>([
      [[], 68],
      [[ROLE.comunicacion], 27],
      [[ROLE.administrador], 4],
      [[ROLE.root], 1],
    ]),
  }));
  add(88, () => ({
    type: 2,
    profile: PROFILE.director,
    roles: [],
    scopes: (random.chance(0.1) ? [0, 1] : [0]).map(() => ({
      institutionId: random.pick(places.institutionIds),
    })),
  }));
  add(58, () => ({
    type: 2,
    profile: PROFILE.district,
    roles: [],
    scopes: [{ districtId: random.pick(places.districtIds) }],
  }));
  add(52, () => ({
    type: 2,
    profile: PROFILE.department,
    roles: [],
    scopes: [{ departmentId: random.pick(places.departmentIds) }],
  }));
  for (const user of list) {
    // A director listed twice at one school would be a data error, not variety.
    user.scopes = user.scopes.filter(
      (s, i, all) => all.findIndex((o) => o.institutionId === s.institutionId) === i,
    );
  }
  return list;
}

export async function insertUsers(
  tx: Executor,
  random: Random,
  hashes: { demo: string; staff: string },
): Promise<{ demo: DemoPlaces | null; count: number }> {
  const places = await findDemoPlaces(tx);
  const departmentIds = (
    await rows<{ id: number }>(tx, 'SELECT DISTINCT department_id AS id FROM districts ORDER BY 1')
  ).map((r) => r.id);
  const districtIds = (await rows<{ id: number }>(tx, 'SELECT id FROM districts ORDER BY id')).map(
    (r) => r.id,
  );
  const institutionIds = (await rows<{ id: number }>(tx, 'SELECT id FROM institutions ORDER BY id')).map(
    (r) => r.id,
  );
  const all = [...demoUsers(places)];
  if (institutionIds.length > 0)
    all.push(...staffUsers(random, { departmentIds, districtIds, institutionIds }));

  const inserted = await tx
    .insert(users)
    .values(
      all.map((u) => ({
        username: u.username,
        passwordHash: u.isDemo ? hashes.demo : hashes.staff,
        name: u.name,
        firstLastName: u.firstLastName,
        email: `${u.username}@minedu.gob.bo`,
        type: u.type,
        profile: u.profile,
        hasAccess: u.hasAccess,
        isDemo: u.isDemo,
      })),
    )
    .returning({ id: users.id, username: users.username });
  const idOf = new Map(inserted.map((u) => [u.username, u.id]));
  const roleRows = all.flatMap((u) => u.roles.map((roleId) => ({ userId: idOf.get(u.username)!, roleId })));
  const scopeRows = all.flatMap((u) => u.scopes.map((s) => ({ userId: idOf.get(u.username)!, ...s })));
  if (roleRows.length > 0) await tx.insert(userRoles).values(roleRows);
  if (scopeRows.length > 0) await tx.insert(userScopes).values(scopeRows);
  return { demo: places, count: all.length };
}
