import { defaultFormConfig, messages } from '@bjp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardians, persons } from '../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../test/app.js';
import { makeEvent, makeForm, makePeriod, makePlace } from '../test/factories/events.js';
import { knownIdentity, makeHolderCourse, makePerson, makeTitular } from '../test/factories/holders.js';
import { makeStaffTitular } from '../test/factories/paid-validation.js';
import { makeDistrict, makeSchool, makeUser } from '../test/factories.js';

/**
 * Issue 13, point 1: every route that names an object besides its place (a person, guardian,
 * inscription, student, user, form, event…) checks that object against the place. Generated from the
 * route table: each route with such a parameter is called by users whose place is A (a school, its
 * district, its department), with the path's place A and the object taken from B, a school of
 * another department; the answer must be a refusal and the database must not change. A new route
 * with an id fails here until it is given a fixture below, so nobody ships one unchecked.
 */

/** Path parameters that name the place itself: the guard checks them against the caller's scope. */
const placeParams = new Set(['sie', 'departmentId', 'districtId']);
/** Path parameters that are not ids of anything a place owns. */
const notIds: Record<string, string> = {
  level: "'department' or 'district': the caller's own level, never an id",
  kind: "a file's role in an event (banner, rules), with the event's :id beside it",
  version:
    "a version number within the path's object (a stored declaration of the school :sie, a file of the event :id, an enrollment form's :id), not an id of its own",
  day: 'a calendar day of the national synchronisation history (yyyy-mm-dd), not an id',
};

/** Routes reachable without a login that name an object: public by design, so no place applies. */
const publicByDesign: Record<string, string> = {
  'GET /api/v1/public/events/:id': 'published events are public (the enrollment page)',
  'POST /api/v1/public/events/:id/enrollments': 'anyone may enroll in a published event',
  'GET /api/v1/events/:id/files/:kind': "a published event's banner and rules are public",
  'GET /api/v1/public/declarations/:code':
    'the verification code printed on a declaration: whoever holds the paper may check it (issue 12)',
};

type Caller = 'director' | 'distrito' | 'depto';
const callers: Caller[] = ['director', 'distrito', 'depto'];

/** One id as the place's own (A) and as another place's (B). Without `own`, only B's is tried. */
type Pair = { own?: unknown; foreign: unknown };
type Fixture = {
  /** The school in the path: the open one (holder registration) or the consolidated one (adjustments). */
  sie?: 'open' | 'consolidated';
  /** Secondary ids, in the path or (read by `body`) in the body. */
  ids: () => Record<string, Pair>;
  body?: (ids: Record<string, unknown>) => object;
  /** Path parameters that name no place's object (a national stage), with their value and why. */
  shared?: Record<string, { value: () => unknown; why: string }>;
  /** Only national users may call it: every place-bound caller must get 403. */
  nationalOnly?: true;
  /** Statuses accepted as the refusal besides 404 (see the fixture's comment). */
  alsoRefusedWith?: number[];
};

const w = {
  ctx: undefined as unknown as TestContext,
  tokens: {} as Record<Caller, string>,
  district: 0,
  open: 0,
  consolidated: 0,
  /** School A (open list): a student with their titular, and a paid student of a teacher titular. */
  a: { ins: 0, guardian: 0, person: 0, rude: '', staffPerson: 0, staffIns: 0 },
  /** School A2 (consolidated, for adjustments): a student with their titular. */
  a2: { ins: 0, guardian: 0, person: 0, rude: '' },
  /** School B (another department): a paid student whose titular is a teacher. */
  b: { ins: 0, guardian: 0, person: 0, rude: '', user: 0, rewrite: {} as object },
  ownUser: 0,
  stage: 0,
  event: 0,
  form: 0,
  place: 0,
};

const adult = {
  foreign: false,
  gender: 2,
  birthDate: '1985-03-04',
  name: 'ANA',
  paterno: 'MAMANI',
  materno: '',
};
const newTitular = () => ({ carnet: knownIdentity().carnet, complemento: '', relationshipId: 1, ...adult });
const observation = { observation: 'Observación de prueba' };

const holder = (ids: Fixture['ids'], body?: Fixture['body']): Fixture => ({ sie: 'open', ids, body });
const adjustment = (ids: Fixture['ids'], body?: Fixture['body']): Fixture => ({
  sie: 'consolidated',
  ids,
  body,
});
const national = (ids: Fixture['ids'], body?: Fixture['body']): Fixture => ({
  ids,
  body,
  nationalOnly: true,
});

const hIns = () => ({ inscriptionId: { own: w.a.ins, foreign: w.b.ins } });
const hGuardian = () => ({ ...hIns(), guardianId: { own: w.a.guardian, foreign: w.b.guardian } });
const hTitular = () => ({ personId: { own: w.a.person, foreign: w.b.person } });
const jIns = () => ({ inscriptionId: { own: w.a2.ins, foreign: w.b.ins } });
const jGuardian = () => ({ ...jIns(), guardianId: { own: w.a2.guardian, foreign: w.b.guardian } });
const rude = () => ({ rude: { foreign: w.b.rude } });
const user = () => ({ id: { foreign: w.b.user } });

// The institution-enrollment screens (modules/events) name a stage, which is national (open by the
// caller's kind of place, not by place), and inscriptions in the body, refused there with 400.
const stage = { stageId: { value: () => w.stage, why: 'a stage is national, open per kind of place' } };
const participants: Fixture = {
  ids: () => ({ inscriptionIds: { own: [w.a.ins], foreign: [w.b.ins] } }),
  body: (ids) => ({ inscriptionIds: ids.inscriptionIds }),
  shared: stage,
  sie: 'open',
  alsoRefusedWith: [400],
};

const fixtures: Record<string, Fixture> = {
  'GET /api/v1/holders/institutions/:sie/inscriptions/:inscriptionId/titulars': holder(hIns),
  // The attack of the issue: B's titular with the data SEGIP holds, but gender and nationality changed.
  'PUT /api/v1/holders/institutions/:sie/persons/:personId': holder(hTitular, () => w.b.rewrite),
  // The body's personId may be anyone found by document: that is how a person joins a second school.
  'POST /api/v1/holders/institutions/:sie/inscriptions/:inscriptionId/guardians': holder(hIns, () => ({
    personId: w.a.person,
    relationshipId: 2,
  })),
  'POST /api/v1/holders/institutions/:sie/inscriptions/:inscriptionId/guardians/new': holder(
    hIns,
    newTitular,
  ),
  'PATCH /api/v1/holders/institutions/:sie/inscriptions/:inscriptionId/guardians/:guardianId': holder(
    hGuardian,
    () => ({ relationshipId: 3 }),
  ),
  'DELETE /api/v1/holders/institutions/:sie/inscriptions/:inscriptionId/guardians/:guardianId':
    holder(hGuardian),
  'PUT /api/v1/holders/institutions/:sie/inscriptions/:inscriptionId/titular': holder(hGuardian, (ids) => ({
    guardianId: ids.guardianId,
  })),
  // Last year's titular (issue 18): another school's student is not found, whatever last year held.
  'PUT /api/v1/holders/institutions/:sie/inscriptions/:inscriptionId/titular/previous': holder(hIns),
  // Last year's guardians (issue 18, decision 041): the same — another school's student is not found.
  'POST /api/v1/holders/institutions/:sie/inscriptions/:inscriptionId/guardians/previous': holder(
    hIns,
    () => ({}),
  ),
  'GET /api/v1/holders/institutions/:sie/titulars/:personId/students': holder(hTitular),
  'POST /api/v1/holders/institutions/:sie/titulars/:personId/validation': holder(hTitular),
  // Siblings (decision 062): another school's titular is nobody's guardian here; their student is not ours.
  'GET /api/v1/holders/institutions/:sie/persons/:personId/guardian-students': holder(hTitular),
  'POST /api/v1/holders/institutions/:sie/persons/:personId/titular-designations': holder(
    () => ({ ...hTitular(), inscriptionIds: { own: [w.a.ins], foreign: [w.b.ins] } }),
    (ids) => ({ inscriptionIds: ids.inscriptionIds }),
  ),

  'GET /api/v1/adjustments/institutions/:sie/students/:rude': adjustment(() => ({
    rude: { own: w.a2.rude, foreign: w.b.rude },
  })),
  'GET /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/titulars': adjustment(jIns),
  'POST /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/guardians': adjustment(
    jIns,
    () => ({ personId: w.a.person, relationshipId: 2 }),
  ),
  'POST /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/guardians/new': adjustment(
    jIns,
    newTitular,
  ),
  'DELETE /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/guardians/:guardianId':
    adjustment(jGuardian),
  'PATCH /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/guardians/:guardianId': adjustment(
    jGuardian,
    () => ({ relationshipId: 3 }),
  ),
  'PUT /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/persons/:personId': adjustment(
    () => ({ ...jIns(), personId: { own: w.a2.person, foreign: w.b.person } }),
    () => w.b.rewrite,
  ),
  'PUT /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/titular': adjustment(
    jGuardian,
    (ids) => ({ guardianId: ids.guardianId }),
  ),

  // The Kardex (issue 16): a student outside the caller's place answers 404 like an unknown RUDE.
  'GET /api/v1/kardex/students/:rude': { ids: () => ({ rude: { own: w.a.rude, foreign: w.b.rude } }) },

  'GET /api/v1/removals/departments/:departmentId/students/:rude': {
    ids: () => ({ rude: { own: w.a.rude, foreign: w.b.rude } }),
  },
  'POST /api/v1/removals/departments/:departmentId/students/:rude': {
    ids: () => ({ rude: { own: w.a.rude, foreign: w.b.rude } }),
    body: () => ({ reason: 'Traslado al exterior' }),
  },

  'GET /api/v1/paid-validation/institutions/:sie/titulars/:personId': holder(() => ({
    personId: { own: w.a.staffPerson, foreign: w.b.person },
  })),
  'GET /api/v1/paid-validation/institutions/:sie/titulars/:personId/students': holder(() => ({
    personId: { own: w.a.staffPerson, foreign: w.b.person },
  })),
  'GET /api/v1/paid-validation/institutions/:sie/inscriptions/:inscriptionId/validation': holder(() => ({
    inscriptionId: { own: w.a.staffIns, foreign: w.b.ins },
  })),
  'PUT /api/v1/paid-validation/institutions/:sie/inscriptions/:inscriptionId/validation': holder(
    () => ({ inscriptionId: { own: w.a.staffIns, foreign: w.b.ins } }),
    () => ({ isPaid: true }),
  ),

  'GET /api/v1/institution-enrollment/stages/:stageId/institutions/:sie': {
    ids: () => ({}),
    shared: stage,
    sie: 'open',
  },
  'PUT /api/v1/institution-enrollment/stages/:stageId/institutions/:sie/participants': participants,
  'POST /api/v1/institution-enrollment/stages/:stageId/institutions/:sie/close': participants,

  // National objects and national screens: a place-bound user is refused by permission.
  'PATCH /api/v1/users/:id/access': national(user, () => ({ hasAccess: false })),
  'GET /api/v1/users/:id/roles': national(user),
  'PUT /api/v1/users/:id/roles': national(user, () => ({ roles: [] })),
  'GET /api/v1/sereci/students/:rude': national(rude),
  'POST /api/v1/sereci/students/:rude/validation': national(rude, () => ({
    oficialia: '1',
    libro: '1',
    partida: '1',
    folio: '1',
  })),
  'GET /api/v1/blocking/students/:rude': national(rude),
  'POST /api/v1/blocking/students/:rude/block': national(rude, () => observation),
  'POST /api/v1/blocking/students/:rude/unblock': national(rude, () => observation),
  'GET /api/v1/sync/kardex/:rude': national(rude),
  // A synchronisation job (national work): its id names no place's object.
  'GET /api/v1/sync/jobs/:id': national(() => ({ id: { foreign: '7b0e4a52-6d55-4c4e-9d87-8e3b1f0b4a11' } })),
  'GET /api/v1/sync/steps/jobs/:id': national(() => ({
    id: { foreign: '7b0e4a52-6d55-4c4e-9d87-8e3b1f0b4a11' },
  })),
  // A file import (issue 18): national work, for national administrators only; its id names no place's object.
  'GET /api/v1/imports/:id': national(() => ({ id: { foreign: 1 } })),
  'GET /api/v1/imports/:id/errors': national(() => ({ id: { foreign: 1 } })),
  'POST /api/v1/imports/:id/confirm': national(() => ({ id: { foreign: 1 } })),
  // A prepared download (issue 14): another user's job outside the caller's scope answers 404, as an
  // unknown one does (exports.test.ts checks a real job of another department).
  'GET /api/v1/exports/:jobId': {
    ids: () => ({ jobId: { foreign: '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6' } }),
  },
  'GET /api/v1/exports/:jobId/file': {
    ids: () => ({ jobId: { foreign: '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6' } }),
  },
  'POST /api/v1/events/:id/send': national(() => ({ id: { foreign: w.event } })),
  'POST /api/v1/events/:id/conclude': national(() => ({ id: { foreign: w.event } })),
  'GET /api/v1/events/:id': national(() => ({ id: { foreign: w.event } })),
  'PUT /api/v1/events/:id': national(() => ({ id: { foreign: w.event } })),
  'GET /api/v1/events/:id/history': national(() => ({ id: { foreign: w.event } })),
  'POST /api/v1/events/:id/cancel': national(() => ({ id: { foreign: w.event } })),
  'GET /api/v1/events/:id/files/:kind/versions/:version': {
    ...national(() => ({ id: { foreign: w.event } })),
    shared: {
      kind: { value: () => 'regulation', why: 'a file role' },
      version: { value: () => 1, why: 'a version number' },
    },
  },
  'PUT /api/v1/events/places/:id': national(
    () => ({ id: { foreign: w.place } }),
    () => ({ description: 'Aula', capacity: 10, reference: '2025-11-01' }),
  ),
  'POST /api/v1/events/places/:id/deactivate': national(() => ({ id: { foreign: w.place } })),
  'POST /api/v1/events/places/:id/activate': national(() => ({ id: { foreign: w.place } })),
  // Participants of an event (issue 15): events are national, only events managers reach them.
  'GET /api/v1/events/:id/participants': national(() => ({ id: { foreign: w.event } })),
  'GET /api/v1/events/:id/participants/export': national(() => ({ id: { foreign: w.event } })),
  'GET /api/v1/events/:id/participants/:enrollmentId': national(() => ({
    id: { foreign: w.event },
    enrollmentId: { foreign: 1 },
  })),
  'GET /api/v1/events/:id/participants/:enrollmentId/files/:fileId': national(() => ({
    id: { foreign: w.event },
    enrollmentId: { foreign: 1 },
    fileId: { foreign: '7b0e4a52-6d55-4c4e-9d87-8e3b1f0b4a11' },
  })),
  'POST /api/v1/events/:id/participants/:enrollmentId/cancel': national(
    () => ({ id: { foreign: w.event }, enrollmentId: { foreign: 1 } }),
    () => ({ reason: 'Motivo de prueba' }),
  ),
  'GET /api/v1/enrollment-forms/:id': national(() => ({ id: { foreign: w.form } })),
  'GET /api/v1/enrollment-forms/:id/versions/:version': {
    ids: () => ({ id: { foreign: w.form } }),
    shared: { version: { value: () => 1, why: "the form's version number, within the form :id" } },
    nationalOnly: true,
  },
  'PUT /api/v1/enrollment-forms/:id': national(
    () => ({ id: { foreign: w.form } }),
    () => ({
      name: 'Formulario editado',
      expectedVersion: 1,
      definition: { config: defaultFormConfig, fields: [] },
    }),
  ),
  'PATCH /api/v1/enrollment-forms/:id/active': national(
    () => ({ id: { foreign: w.form } }),
    () => ({ active: false }),
  ),
  'PATCH /api/v1/kind-events/:id/active': national(
    () => ({ id: { foreign: w.stage } }),
    () => ({ active: false }),
  ),
};

const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
const secondaryParams = (url: string) => paramsOf(url).filter((p) => !placeParams.has(p) && !(p in notIds));
const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/**
 * Every table's rows as one hash each, read in one statement: a refusal must leave all of them as
 * they were. Left out: the audit log (a refused attempt may well be recorded) and the per-session
 * bookkeeping that any authenticated request may touch.
 */
const unwatched = new Set(['audit_log', 'sessions', 'login_throttle', '__drizzle_migrations']);
let snapshotSql = sql``;

async function snapshot(): Promise<Record<string, string>> {
  const result = (await w.ctx.handle.db.execute(snapshotSql)) as unknown as {
    rows: Array<{ t: string; h: string }>;
  };
  return Object.fromEntries(result.rows.map((r) => [r.t, r.h]));
}

/** The request for one combination of ids, with the place in the path always the callers' own. */
function requestFor(method: string, url: string, fixture: Fixture, ids: Record<string, unknown>) {
  const place: Record<string, unknown> = {
    sie: fixture.sie === 'consolidated' ? w.consolidated : w.open,
    departmentId: 2,
    districtId: w.district,
  };
  for (const [name, s] of Object.entries(fixture.shared ?? {})) place[name] = s.value();
  const path = url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(ids[name] ?? place[name])),
  );
  return { method, url: path, payload: fixture.body?.(ids) };
}

/**
 * Each secondary id from B in turn with the others A's own (a guardian of B on A's student is the
 * subtle case), then all from B; never all A's own, which the route would rightly accept.
 */
function combinations(pairs: Record<string, Pair>): Array<Record<string, unknown>> {
  const names = Object.keys(pairs);
  const pick = (fromB: (name: string) => boolean) =>
    Object.fromEntries(
      names.map((n) => [n, fromB(n) || pairs[n]!.own === undefined ? pairs[n]!.foreign : pairs[n]!.own]),
    );
  const all = [...names.map((n) => pick((m) => m === n)), pick(() => true)];
  return names.length === 0 ? [] : [...new Map(all.map((c) => [JSON.stringify(c), c])).values()];
}

beforeAll(async () => {
  w.ctx = await createTestApp();
  const db = w.ctx.handle.db;
  const districtA = await makeDistrict(db, { departmentId: 2 });
  const districtB = await makeDistrict(db, { departmentId: 3 });
  w.district = districtA.id;
  w.open = (await makeSchool(db, { districtId: districtA.id })).id;
  w.consolidated = (await makeSchool(db, { districtId: districtA.id, consolidated: true })).id;
  const schoolB = await makeSchool(db, { districtId: districtB.id });

  const rudeOf = async (inscriptionId: number) => {
    const [row] = await db
      .execute(
        sql`SELECT s.rude FROM inscriptions n JOIN students s ON s.id = n.student_id WHERE n.id = ${inscriptionId}`,
      )
      .then((r) => (r as unknown as { rows: Array<{ rude: string }> }).rows);
    return row!.rude;
  };
  const studentWithTitular = async (institutionId: number) => {
    const [ins] = (await makeHolderCourse(db, { institutionId, students: [{}] })).inscriptionIds;
    const person = await makePerson(db);
    const g = await makeTitular(db, {
      inscriptionId: ins!,
      personId: person.id,
      registeredInstitutionId: institutionId,
    });
    return { ins: ins!, guardian: g.id, person: person.id, rude: await rudeOf(ins!) };
  };
  w.a = { ...(await studentWithTitular(w.open)), staffPerson: 0, staffIns: 0 };
  const staffA = await makeStaffTitular(db, { institutionId: w.open, students: [{}] });
  w.a.staffPerson = staffA.personId;
  w.a.staffIns = staffA.inscriptionIds[0]!;
  w.a2 = await studentWithTitular(w.consolidated);
  // B's student is paid and collected by a teacher, so it is in every list a school keeps (holders,
  // paid validation, removals, blocking).
  const staffB = await makeStaffTitular(db, { institutionId: schoolB.id, students: [{}] });
  const [gB] = await db.select().from(guardians).where(eq(guardians.personId, staffB.personId));
  w.b = {
    ins: staffB.inscriptionIds[0]!,
    guardian: gB!.id,
    person: staffB.personId,
    rude: await rudeOf(staffB.inscriptionIds[0]!),
    user: (await makeUser(db, { type: 2, profile: 9, institutionIds: [schoolB.id] })).id,
    rewrite: {},
  };
  const [pB] = await db.select().from(persons).where(eq(persons.id, w.b.person));
  w.b.rewrite = {
    foreign: !pB!.foreign,
    gender: pB!.gender === 1 ? 2 : 1,
    birthDate: pB!.birthDate,
    name: pB!.name,
    paterno: pB!.firstLastName,
    materno: pB!.secondLastName,
  };

  w.stage = (await makePeriod(db)).id;
  w.form = (await makeForm(db)).id;
  w.event = (await makeEvent(db)).id;
  w.place = (await makePlace(db)).id;

  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [w.open, w.consolidated] });
  await makeUser(db, { username: 'distrito', type: 2, profile: 10, districtId: districtA.id });
  await makeUser(db, { username: 'depto', type: 2, profile: 7, departmentId: 2 });
  for (const caller of callers) w.tokens[caller] = (await loginAs(w.ctx.app, caller, 2)).token;

  const tables = (await db.execute(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  )) as unknown as { rows: Array<{ tablename: string }> };
  const watched = tables.rows.map((r) => r.tablename).filter((t) => !unwatched.has(t));
  snapshotSql = sql.join(
    watched.map(
      (t) =>
        sql`SELECT ${t}::text AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${sql.identifier(t)} x`,
    ),
    sql` UNION ALL `,
  );
});
afterAll(() => w.ctx.close());

describe('secondary ids belong to the place in the path', () => {
  const registered = () => w.ctx.app.routeList.filter((r) => secondaryParams(r.url).length > 0);

  it('has a fixture for every route that names an object, and none for a route that is gone', () => {
    const protectedKeys = registered()
      .filter((r) => !r.public)
      .map(keyOf);
    const publicKeys = registered()
      .filter((r) => r.public)
      .map(keyOf);
    expect(new Set(protectedKeys)).toEqual(new Set(Object.keys(fixtures)));
    expect(new Set(publicKeys)).toEqual(new Set(Object.keys(publicByDesign)));
  });

  it('names every secondary path parameter of a route in its fixture', () => {
    for (const [key, fixture] of Object.entries(fixtures)) {
      const url = key.split(' ')[1]!;
      const named = new Set([...Object.keys(fixture.ids()), ...Object.keys(fixture.shared ?? {})]);
      for (const p of secondaryParams(url)) expect(named.has(p), `${key}: :${p} has no fixture`).toBe(true);
    }
  });

  for (const [key, fixture] of Object.entries(fixtures)) {
    it(`${key}: refuses another place's ids and changes nothing`, async () => {
      const [method, url] = key.split(' ') as [string, string];
      const combos = combinations(fixture.ids());
      for (const ids of combos) {
        let reachedCheck = false;
        const before = await snapshot();
        for (const caller of callers) {
          const res = await w.ctx.app.inject({
            ...requestFor(method, url, fixture, ids),
            headers: bearer(w.tokens[caller]),
          } as never);
          const what = `${caller} ${JSON.stringify(ids)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode === 403) {
            // Refused by permission only: the place in the path is the caller's own.
            expect(res.json<{ message: string }>().message, what).toBe(messages.accessDenied);
          } else {
            expect([404, ...(fixture.alsoRefusedWith ?? [])], what).toContain(res.statusCode);
            reachedCheck = true;
          }
          expect(await snapshot(), what).toEqual(before);
        }
        // A place-bound route must be refused by the object check itself, not only by permissions.
        expect(reachedCheck, `${key} ${JSON.stringify(ids)}: no caller reached the object check`).toBe(
          !fixture.nationalOnly,
        );
      }
    });
  }
});
