import { eventMessages } from '@bjp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makePeriod } from '../../test/factories/events.js';
import { makeCourseWithStudents, makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

let ctx: TestContext;
const tokens = {} as Record<
  'admin' | 'director' | 'distrito' | 'depto' | 'otroDirector' | 'otroDistrito' | 'otroDepto',
  string
>;
let schoolId = 0;
let otherSchoolId = 0;
let studentIds: number[] = [];
let ceaIds: number[] = [];
let otherStudentIds: number[] = [];
let stageId = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 2 });
  const otherDistrict = await makeDistrict(db, { departmentId: 7 });
  schoolId = (await makeSchool(db, { districtId: district.id })).id;
  otherSchoolId = (await makeSchool(db, { districtId: otherDistrict.id })).id;
  studentIds = await makeCourseWithStudents(db, { institutionId: schoolId, count: 12, gradeId: 2 });
  ceaIds = await makeCourseWithStudents(db, {
    institutionId: schoolId,
    count: 2,
    gradeId: 99,
    parallelId: 2,
  });
  otherStudentIds = await makeCourseWithStudents(db, { institutionId: otherSchoolId, count: 2 });
  stageId = (await makePeriod(db, { phase: 'Inscripción de participantes' })).id;
  await makePeriod(db, { phase: 'Etapa pasada', startsOn: '2025-10-01', endsOn: '2025-10-31' });
  await makePeriod(db, { phase: 'Solo departamental', institutional: false, district: false });
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [schoolId] });
  await makeUser(db, { username: 'distrito', type: 2, profile: 10, districtId: district.id });
  await makeUser(db, { username: 'depto', type: 2, profile: 7, departmentId: 2 });
  await makeUser(db, { username: 'otrodirector', type: 2, profile: 9, institutionIds: [otherSchoolId] });
  await makeUser(db, { username: 'otrodistrito', type: 2, profile: 10, districtId: otherDistrict.id });
  await makeUser(db, { username: 'otrodepto', type: 2, profile: 7, departmentId: 7 });
  for (const name of [
    'admin',
    'director',
    'distrito',
    'depto',
    'otroDirector',
    'otroDistrito',
    'otroDepto',
  ] as const) {
    tokens[name] = (await loginAs(ctx.app, name.toLowerCase(), name === 'admin' ? 1 : 2)).token;
  }
});
afterAll(() => ctx.close());

const get = (url: string, who: keyof typeof tokens) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(tokens[who]) });
const save = (
  who: keyof typeof tokens,
  ids: number[],
  action: 'participants' | 'close' = 'participants',
  sie = schoolId,
) =>
  ctx.app.inject({
    method: action === 'close' ? 'POST' : 'PUT',
    url: `/api/v1/institution-enrollment/stages/${stageId}/institutions/${sie}/${action}`,
    headers: bearer(tokens[who]),
    payload: { inscriptionIds: ids },
  });

describe('institution enrollment page', () => {
  it("is for SIE users only: 'Perfil no válido!'", async () => {
    const res = await get('/institution-enrollment/stages', 'admin');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(eventMessages.invalidProfile);
  });

  it('offers the open stages of the user’s instance', async () => {
    const director = (await get('/institution-enrollment/stages', 'director')).json();
    expect(director.map((s: { phase: string }) => s.phase)).toEqual(['Inscripción de participantes']);
    const department = (await get('/institution-enrollment/stages', 'depto')).json();
    expect(department.map((s: { phase: string }) => s.phase)).toEqual([
      'Inscripción de participantes',
      'Solo departamental',
    ]);
  });

  it('lists the user’s places', async () => {
    expect(
      (await get('/institution-enrollment/places', 'director')).json().items.map((p: { id: number }) => p.id),
    ).toEqual([schoolId]);
    expect((await get('/institution-enrollment/places', 'distrito')).json().total).toBe(1);
    expect(
      (await get('/institution-enrollment/places', 'otroDepto'))
        .json()
        .items.map((p: { id: number }) => p.id),
    ).toEqual([otherSchoolId]);
  });

  it("lists the school's students, 10 a page, with the grade column (99 is 'CEA')", async () => {
    const page = (await get(`/institution-enrollment/institutions/${schoolId}/students`, 'director')).json();
    expect(page).toMatchObject({ total: 14, pageSize: 10 });
    expect(page.items[0]).toMatchObject({ grado: 'Segundo', gradeId: 2 });
    const cea = (
      await get(`/institution-enrollment/institutions/${schoolId}/students?grade=99`, 'director')
    ).json();
    expect(cea.items.map((s: { grado: string }) => s.grado)).toEqual(['CEA', 'CEA']);
    const grades = (await get('/institution-enrollment/grades', 'director')).json();
    expect(grades.find((g: { id: number }) => g.id === 99)).toEqual({ id: 99, grado: 'CEA' });
  });

  it('refuses places outside the scope of a director, a district and a department', async () => {
    for (const who of ['otroDirector', 'otroDistrito', 'otroDepto'] as const) {
      const res = await get(`/institution-enrollment/institutions/${schoolId}/students`, who);
      expect(res.statusCode, who).toBe(403);
      expect((await save(who, [])).statusCode, who).toBe(403);
    }
  });

  it("Guardar saves the participants ('Registros Salvados!' on the page) and refuses another school's students", async () => {
    const saved = await save('distrito', studentIds.slice(0, 3));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ closed: false, participantIds: studentIds.slice(0, 3) });
    const replaced = await save('director', [studentIds[5]!, ...ceaIds]);
    expect(replaced.json().participantIds).toEqual([studentIds[5], ...ceaIds]);
    const foreign = await save('director', [studentIds[0]!, otherStudentIds[0]!]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(eventMessages.studentNotInInstitution);
    const status = (
      await get(`/institution-enrollment/stages/${stageId}/institutions/${schoolId}`, 'depto')
    ).json();
    expect(status.participantIds).toEqual([studentIds[5], ...ceaIds]);
  });

  it('Inscribir saves and closes once; afterwards every change answers 409 Inscripción Cerrada', async () => {
    const [a, b] = await Promise.all([
      save('director', studentIds.slice(0, 4), 'close'),
      save('distrito', studentIds.slice(0, 2), 'close'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe(eventMessages.enrollmentClosed);
    const winner = a.statusCode === 200 ? a : b;
    expect(winner.json().closed).toBe(true);
    const late = await save('director', []);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(eventMessages.enrollmentClosed);
    const status = (
      await get(`/institution-enrollment/stages/${stageId}/institutions/${schoolId}`, 'director')
    ).json();
    expect(status).toMatchObject({ closed: true, participantIds: winner.json().participantIds });
  });

  it('refuses a stage that is not open for the user', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/institution-enrollment/stages/1/institutions/${otherSchoolId}/participants`,
      headers: bearer(tokens.otroDirector),
      payload: { inscriptionIds: [] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(eventMessages.stageNotOpen);
  });
});
