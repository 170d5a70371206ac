import type { HoldersInstitutionState, InstitutionCourses, MyInstitutions, StudentPage } from '@bjp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { blockInscription, unblockInscription } from '../../test/factories/blocking.js';
import { makeHolderCourse, makePerson, makeTitular } from '../../test/factories/holders.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

let ctx: TestContext;
const t: Record<string, string> = {};
const ids = {
  school: 0,
  other: 0,
  otherDistrict: 0,
  otherDepartment: 0,
  special: 0,
  consolidated: 0,
  course: 0,
};
const ins: number[] = [];

const get = <T>(who: string, url: string) =>
  ctx.app
    .inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(t[who]!) })
    .then((res) => ({ status: res.statusCode, body: res.json<T>() }));

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const districtA = await makeDistrict(db, { departmentId: 2 });
  const districtB = await makeDistrict(db, { departmentId: 2 });
  const districtC = await makeDistrict(db, { departmentId: 3 });
  ids.school = (await makeSchool(db, { districtId: districtA.id, name: 'UE Bolivia Mar' })).id;
  ids.other = (await makeSchool(db, { districtId: districtA.id })).id;
  ids.otherDistrict = (await makeSchool(db, { districtId: districtB.id })).id;
  ids.otherDepartment = (await makeSchool(db, { districtId: districtC.id })).id;
  ids.special = (
    await makeSchool(db, { districtId: districtA.id, codeType: 4, name: 'CEE Manos Unidas' })
  ).id;
  ids.consolidated = (await makeSchool(db, { districtId: districtA.id, consolidated: true })).id;

  // Twelve students out of order, so sorting and the second page show.
  const names: Array<[string, string, string]> = [
    ['QUISPE', 'MAMANI', 'ANA'],
    ['ALANOCA', 'CHOQUE', 'LUIS'],
    ['MAMANI', 'ZENTENO', 'RAUL'],
    ['MAMANI', 'APAZA', 'SARA'],
    ['MAMANI', 'APAZA', 'ELSA'],
    ['CONDORI', 'FLORES', 'JOSE'],
    ['BLANCO', 'ROJAS', 'EVA'],
    ['VARGAS', 'LIMA', 'IVAN'],
    ['ZAPATA', 'CRUZ', 'NOEL'],
    ['TICONA', 'COLQUE', 'ROSA'],
    ['FLORES', 'CALLE', 'MARIO'],
    ['APAZA', 'MITA', 'JUANA'],
  ];
  const course = await makeHolderCourse(db, {
    institutionId: ids.school,
    gradeId: 3,
    parallelId: 2,
    students: names.map(([paterno, materno, name], i) => ({
      paterno,
      materno,
      name,
      gender: ((i % 2) + 1) as 1 | 2,
      // ALANOCA has no validated identity; BLANCO is validated by SERECI only.
      segipId: paterno === 'ALANOCA' || paterno === 'BLANCO' ? 0 : 1,
      sereci: paterno === 'BLANCO',
    })),
  });
  ids.course = course.courseId;
  ins.push(...course.inscriptionIds);
  await makeHolderCourse(db, { institutionId: ids.school, gradeId: 1, parallelId: 1, students: [{}] });
  await makeHolderCourse(db, {
    institutionId: ids.school,
    levelId: 13,
    gradeId: 2,
    parallelId: 26,
    students: [{}, {}],
  });
  await makeHolderCourse(db, {
    institutionId: ids.special,
    levelId: 1,
    gradeId: 99,
    parallelId: 1,
    students: [{}, {}, {}],
  });
  await makeHolderCourse(db, { institutionId: ids.consolidated, students: [{}] });

  // QUISPE registered here, CONDORI registered in the other school (a transfer).
  const mother = await makePerson(db);
  await makeTitular(db, { inscriptionId: ins[0]!, personId: mother.id, registeredInstitutionId: ids.school });
  await makeTitular(db, { inscriptionId: ins[5]!, personId: mother.id, registeredInstitutionId: ids.other });

  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'ministerio', type: 1 });
  await makeUser(db, {
    username: 'director',
    type: 2,
    profile: 9,
    institutionIds: [ids.school, ids.special, ids.consolidated],
  });
  await makeUser(db, { username: 'otrodirector', type: 2, profile: 9, institutionIds: [ids.other] });
  await makeUser(db, { username: 'distrito', type: 2, profile: 10, districtId: districtA.id });
  await makeUser(db, { username: 'depto', type: 2, profile: 7, departmentId: 2 });
  for (const [name, type] of [
    ['admin', 1],
    ['ministerio', 1],
    ['director', 2],
    ['otrodirector', 2],
    ['distrito', 2],
    ['depto', 2],
  ] as const) {
    t[name] = (await loginAs(ctx.app, name, type)).token;
  }
});
afterAll(() => ctx.close());

describe('student list', () => {
  it('sorts by first surname, second surname and name, 10 a page, with the row number', async () => {
    const first = await get<StudentPage>(
      'director',
      `/holders/institutions/${ids.school}/students?course=${ids.course}`,
    );
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(12);
    expect(first.body.items).toHaveLength(10);
    expect(first.body.items.slice(0, 6).map((s) => `${s.paterno} ${s.materno} ${s.name}`)).toEqual([
      'ALANOCA CHOQUE LUIS',
      'APAZA MITA JUANA',
      'BLANCO ROJAS EVA',
      'CONDORI FLORES JOSE',
      'FLORES CALLE MARIO',
      'MAMANI APAZA ELSA',
    ]);
    expect(first.body.items[0]!.number).toBe(1);
    const second = await get<StudentPage>(
      'director',
      `/holders/institutions/${ids.school}/students?course=${ids.course}&page=2`,
    );
    expect(second.body.items.map((s) => s.paterno)).toEqual(['VARGAS', 'ZAPATA']);
    expect(second.body.items[0]!.number).toBe(11);
    const beyond = await get<StudentPage>(
      'director',
      `/holders/institutions/${ids.school}/students?course=${ids.course}&page=3`,
    );
    expect(beyond.body).toMatchObject({ items: [], total: 12, page: 3 });
  });

  it('derives each status and says why the button is disabled', async () => {
    const page = await get<StudentPage>(
      'director',
      `/holders/institutions/${ids.school}/students?course=${ids.course}`,
    );
    const all = [
      ...page.body.items,
      ...(
        await get<StudentPage>(
          'director',
          `/holders/institutions/${ids.school}/students?course=${ids.course}&page=2`,
        )
      ).body.items,
    ];
    const find = (paterno: string) => all.find((s) => s.paterno === paterno)!;
    expect(find('QUISPE')).toMatchObject({
      status: 'registered',
      statusLabel: 'Registrado',
      editBlocker: null,
    });
    expect(find('CONDORI')).toMatchObject({
      status: 'registered_elsewhere',
      statusLabel: `Registrado en SIE: ${ids.other}`,
      registeredSie: ids.other,
    });
    expect(find('APAZA')).toMatchObject({ status: 'pending', statusLabel: 'Pendiente', editBlocker: null });
    expect(find('ALANOCA')).toMatchObject({ identityValidated: false, editBlocker: 'identity' });
    expect(find('BLANCO')).toMatchObject({ identityValidated: true, editBlocker: null });
  });

  it('lists a special centre whole and a consolidated school with disabled buttons', async () => {
    const special = await get<StudentPage>('director', `/holders/institutions/${ids.special}/students`);
    expect(special.body.total).toBe(3);
    const closed = await get<StudentPage>('director', `/holders/institutions/${ids.consolidated}/students`);
    expect(closed.body.items[0]!.editBlocker).toBe('consolidated');
    const state = await get<HoldersInstitutionState>('director', `/holders/institutions/${ids.consolidated}`);
    expect(state.body).toMatchObject({ canEdit: false, canConsolidate: false, registrationOpen: true });
    expect(state.body.consolidatedAt).not.toBeNull();
  });

  it('shows read-only users a disabled label', async () => {
    const page = await get<StudentPage>(
      'ministerio',
      `/holders/institutions/${ids.school}/students?course=${ids.course}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.items.every((s) => s.editBlocker === 'read_only' || s.editBlocker === 'identity')).toBe(
      true,
    );
  });

  it('lets district and department staff designate titulars in their place, but not consolidate', async () => {
    for (const username of ['distrito', 'depto']) {
      const state = await get<HoldersInstitutionState>(username, `/holders/institutions/${ids.school}`);
      expect(state.body).toMatchObject({ canEdit: true, canConsolidate: false });
    }
  });

  it('counts the school’s students by status for the panel', async () => {
    const state = await get<HoldersInstitutionState>('director', `/holders/institutions/${ids.school}`);
    expect(state.body).toMatchObject({
      year: 2025,
      registrationOpen: true,
      canEdit: true,
      canConsolidate: true,
      consolidatedAt: null,
    });
    expect(state.body.counts).toEqual({ total: 15, registered: 2, pending: 13, excluded: 0, removed: 0 });
    expect(state.body.period).toEqual({ startsOn: '2025-10-13', endsOn: '2025-11-29' });
  });
});

describe('scope', () => {
  it('refuses a director another school, a district user another district, a department user another department', async () => {
    expect((await get('otrodirector', `/holders/institutions/${ids.school}/students`)).status).toBe(403);
    expect(
      (await get('otrodirector', `/holders/institutions/${ids.school}/inscriptions/${ins[0]}/titulars`))
        .status,
    ).toBe(403);
    expect((await get('distrito', `/holders/institutions/${ids.otherDistrict}/students`)).status).toBe(403);
    expect((await get('depto', `/holders/institutions/${ids.otherDepartment}/students`)).status).toBe(403);
    expect((await get('distrito', `/holders/institutions/${ids.school}/students`)).status).toBe(200);
    expect((await get('depto', `/holders/institutions/${ids.otherDistrict}/students`)).status).toBe(200);
    expect((await get('admin', '/holders/institutions/99999999/students')).status).toBe(404);
  });

  it('keeps a director to the students of the school in the path', async () => {
    const res = await get<{ message: string }>(
      'otrodirector',
      `/holders/institutions/${ids.other}/inscriptions/${ins[0]}/titulars`,
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Estudiante no encontrado');
  });
});

describe('institution card and Lista menu', () => {
  it('gives the card and the courses labelled with level, ordinal and parallel letter', async () => {
    const card = await get<{ name: string; typeName: string; codeType: number }>(
      'distrito',
      `/institutions/${ids.school}`,
    );
    expect(card.body).toMatchObject({ name: 'UE Bolivia Mar', typeName: 'Unidad Educativa', codeType: 1 });
    const menu = await get<InstitutionCourses>('director', `/institutions/${ids.school}/courses`);
    expect(menu.body.levels.map((l) => l.levelName)).toEqual(['Primaria', 'Secundaria']);
    expect(menu.body.levels[0]!.courses.map((c) => [c.label, c.students])).toEqual([
      ['Primaria · Primero - A', 1],
      ['Primaria · Tercero - B', 12],
    ]);
    expect(menu.body.levels[1]!.courses[0]!.label).toBe('Secundaria · Segundo - Z');
  });

  it('gives special centres no levels, and directors their schools', async () => {
    const special = await get<InstitutionCourses>('director', `/institutions/${ids.special}/courses`);
    expect(special.body).toMatchObject({ codeType: 4, levels: [] });
    const mine = await get<MyInstitutions>('director', '/institutions/mine');
    expect(mine.body.items.map((i) => i.sie).sort()).toEqual(
      [ids.school, ids.special, ids.consolidated].sort(),
    );
    expect((await get<MyInstitutions>('admin', '/institutions/mine')).body.items).toEqual([]);
    expect((await get('otrodirector', `/institutions/${ids.school}`)).status).toBe(403);
  });
});

describe('registration period', () => {
  it('disables every button and consolidation once the period has ended', async () => {
    const late = await createTestApp({ clock: fixedClock('2025-12-02T14:00:00Z') });
    try {
      const district = await makeDistrict(late.handle.db);
      const school = await makeSchool(late.handle.db, { districtId: district.id });
      await makeHolderCourse(late.handle.db, { institutionId: school.id, students: [{}] });
      await makeUser(late.handle.db, { username: 'dir', type: 2, profile: 9, institutionIds: [school.id] });
      // The director cut-off is past too; an administrator still sees the closed period.
      await makeUser(late.handle.db, { username: 'adm', type: 1, roles: ['Administrador'] });
      const token = (await loginAs(late.app, 'adm', 1)).token;
      const list = await late.app.inject({
        method: 'GET',
        url: `/api/v1/holders/institutions/${school.id}/students`,
        headers: bearer(token),
      });
      expect(list.json<StudentPage>().items[0]!.editBlocker).toBe('period_closed');
      const period = await late.app.inject({
        method: 'GET',
        url: '/api/v1/holders/registration-period',
        headers: bearer(token),
      });
      expect(period.json()).toEqual({ open: false, startsOn: '2025-10-13', endsOn: '2025-11-29' });
    } finally {
      await late.close();
    }
  });
});

describe('blocked students (issue 7)', () => {
  it("marks a blocked student 'blocked' in the list, keeps its status and button, and clears it on unblock", async () => {
    const page = () =>
      get<StudentPage>('director', `/holders/institutions/${ids.school}/students?course=${ids.course}`).then(
        (res) => res.body.items,
      );
    // QUISPE (ins[0]) has a titular registered here; a block does not change that nor the button.
    await blockInscription(ctx.handle.db, ins[0]!);
    const blocked = await page();
    const quispe = blocked.find((s) => s.inscriptionId === ins[0])!;
    expect(quispe).toMatchObject({
      paterno: 'QUISPE',
      blocked: true,
      status: 'registered',
      editBlocker: null,
    });
    expect(blocked.filter((s) => s.blocked).map((s) => s.paterno)).toEqual(['QUISPE']);
    await unblockInscription(ctx.handle.db, ins[0]!);
    expect((await page()).every((s) => s.blocked === false)).toBe(true);
  });
});
