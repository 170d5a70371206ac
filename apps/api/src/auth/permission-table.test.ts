import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestContext } from '../test/app.js';
import { makeDistrict, makeSchool, makeUser } from '../test/factories.js';

/**
 * Every API route against every profile. A new route fails this test until it is added to the table,
 * so nobody ships an endpoint without deciding who may call it.
 */
type Profile = 'admin' | 'ministerio' | 'depto' | 'distrito' | 'director' | 'otro';
const everyone: Profile[] = ['admin', 'ministerio', 'depto', 'distrito', 'director', 'otro'];
const nationalReaders: Profile[] = ['admin', 'ministerio'];

const allowed: Record<string, Profile[]> = {
  'GET /api/v1/auth/me': everyone,
  'GET /api/v1/users': nationalReaders,
  'PATCH /api/v1/users/:id/access': ['admin'],
  'GET /api/v1/users/:id/roles': nationalReaders,
  'PUT /api/v1/users/:id/roles': ['admin'],
  'GET /api/v1/users/person-search-activity': ['admin'],
  'GET /api/v1/statistics/departments-paid': nationalReaders,
  'GET /api/v1/statistics/systems': nationalReaders,
  'GET /api/v1/statistics/institutions-completion': nationalReaders,
  'GET /api/v1/institutions/mine': everyone,
  'GET /api/v1/institutions/:sie': ['admin', 'ministerio', 'depto', 'distrito', 'director'],
  'GET /api/v1/institutions/:sie/courses': ['admin', 'ministerio', 'depto', 'distrito', 'director'],
  'GET /api/v1/holders/relationships': ['admin', 'ministerio', 'depto', 'distrito', 'director'],
  'GET /api/v1/holders/registration-period': ['admin', 'ministerio', 'depto', 'distrito', 'director'],
  'GET /api/v1/holders/institutions/:sie': ['admin', 'ministerio', 'depto', 'distrito', 'director'],
  'GET /api/v1/holders/institutions/:sie/students': ['admin', 'ministerio', 'depto', 'distrito', 'director'],
  'GET /api/v1/holders/institutions/:sie/pending': ['admin', 'ministerio', 'depto', 'distrito', 'director'],
  'POST /api/v1/holders/institutions/:sie/consolidation': ['admin', 'director'],
  'GET /api/v1/holders/institutions/:sie/declaration': [
    'admin',
    'ministerio',
    'depto',
    'distrito',
    'director',
  ],
  'GET /api/v1/holders/institutions/:sie/declaration/versions': [
    'admin',
    'ministerio',
    'depto',
    'distrito',
    'director',
  ],
  'GET /api/v1/holders/institutions/:sie/declaration/versions/:version': [
    'admin',
    'ministerio',
    'depto',
    'distrito',
    'director',
  ],
  'GET /api/v1/sereci/students/:rude': ['admin'],
  'POST /api/v1/sereci/students/:rude/validation': ['admin'],
  'GET /api/v1/sereci/validations': ['admin'],
  'GET /api/v1/blocking/students/:rude': ['admin'],
  'POST /api/v1/blocking/students/:rude/block': ['admin'],
  'POST /api/v1/blocking/students/:rude/unblock': ['admin'],
  'GET /api/v1/blocking/blocked': ['admin'],
  'GET /api/v1/sync/status': ['admin'],
  'POST /api/v1/sync/steps/consolidate': ['admin'],
  'POST /api/v1/sync/steps/send': ['admin'],
  'POST /api/v1/sync/steps/copy': ['admin'],
  'POST /api/v1/sync/steps/consolidate/jobs': ['admin'],
  'POST /api/v1/sync/steps/send/jobs': ['admin'],
  'POST /api/v1/sync/steps/copy/jobs': ['admin'],
  'GET /api/v1/sync/steps/jobs/:id': ['admin'],
  'GET /api/v1/sync/history': ['admin'],
  'GET /api/v1/sync/step-one': ['admin'],
  'GET /api/v1/sync/step-two': ['admin'],
  'GET /api/v1/sync/kardex/:rude': ['admin'],
  'POST /api/v1/sync/payments': ['admin'],
  'POST /api/v1/sync/payments/jobs': ['admin'],
  'GET /api/v1/sync/jobs/:id': ['admin'],
  'GET /api/v1/sync/calendar': nationalReaders,
  'POST /api/v1/exports/progress': ['admin'],
  'POST /api/v1/exports/reports/national': nationalReaders,
  'POST /api/v1/exports/reports/departments/:departmentId': ['admin', 'ministerio', 'depto'],
  'POST /api/v1/exports/reconciliation/national': nationalReaders,
  'POST /api/v1/exports/reconciliation/departments/:departmentId': ['admin', 'ministerio', 'depto'],
  'GET /api/v1/exports/:jobId': everyone,
  'GET /api/v1/exports/:jobId/file': everyone,
  'GET /api/v1/adjustments/institutions/:sie': ['admin', 'director'],
  'GET /api/v1/adjustments/institutions/:sie/students/:rude': ['admin', 'director'],
  'GET /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/titulars': ['admin', 'director'],
  'POST /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/guardians': ['admin', 'director'],
  'POST /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/guardians/new': [
    'admin',
    'director',
  ],
  'DELETE /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/guardians/:guardianId': [
    'admin',
    'director',
  ],
  'PATCH /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/guardians/:guardianId': [
    'admin',
    'director',
  ],
  'PUT /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/persons/:personId': [
    'admin',
    'director',
  ],
  'PUT /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/titular': ['admin', 'director'],
  'GET /api/v1/adjustments/history': ['admin', 'depto', 'director'],
  'POST /api/v1/adjustments/reenable': ['admin'],
  'GET /api/v1/adjustments/progress': ['admin'],
  'GET /api/v1/removals/me/department': ['admin', 'depto'],
  'GET /api/v1/removals/departments/:departmentId': ['admin', 'depto'],
  'GET /api/v1/removals/departments/:departmentId/students/:rude': ['admin', 'depto'],
  'POST /api/v1/removals/departments/:departmentId/students/:rude': ['admin', 'depto'],
  'GET /api/v1/removals/departments/:departmentId/history': ['admin', 'depto'],
  'GET /api/v1/removals/institutions/:sie/students': ['admin', 'depto'],
  'GET /api/v1/holders/institutions/:sie/inscriptions/:inscriptionId/titulars': [
    'admin',
    'ministerio',
    'depto',
    'distrito',
    'director',
  ],
  // Department and district staff designate titulars for schools in their place (issue 3).
  'POST /api/v1/holders/persons/search': ['admin', 'depto', 'distrito', 'director'],
  'PUT /api/v1/holders/institutions/:sie/persons/:personId': ['admin', 'depto', 'distrito', 'director'],
  'POST /api/v1/holders/institutions/:sie/inscriptions/:inscriptionId/guardians': [
    'admin',
    'depto',
    'distrito',
    'director',
  ],
  'POST /api/v1/holders/institutions/:sie/inscriptions/:inscriptionId/guardians/new': [
    'admin',
    'depto',
    'distrito',
    'director',
  ],
  'PATCH /api/v1/holders/institutions/:sie/inscriptions/:inscriptionId/guardians/:guardianId': [
    'admin',
    'depto',
    'distrito',
    'director',
  ],
  'DELETE /api/v1/holders/institutions/:sie/inscriptions/:inscriptionId/guardians/:guardianId': [
    'admin',
    'depto',
    'distrito',
    'director',
  ],
  'PUT /api/v1/holders/institutions/:sie/inscriptions/:inscriptionId/titular': [
    'admin',
    'depto',
    'distrito',
    'director',
  ],
  'GET /api/v1/holders/institutions/:sie/titulars': ['admin', 'ministerio', 'depto', 'distrito', 'director'],
  'GET /api/v1/holders/institutions/:sie/titulars/:personId/students': [
    'admin',
    'ministerio',
    'depto',
    'distrito',
    'director',
  ],
  'POST /api/v1/holders/institutions/:sie/titulars/:personId/validation': [
    'admin',
    'depto',
    'distrito',
    'director',
  ],
  'GET /api/v1/events': ['admin'],
  'POST /api/v1/events': ['admin'],
  'POST /api/v1/events/:id/send': ['admin'],
  'POST /api/v1/events/:id/conclude': ['admin'],
  'GET /api/v1/events/options': ['admin'],
  'GET /api/v1/events/:id/participants': ['admin'],
  'GET /api/v1/events/:id/participants/export': ['admin'],
  'GET /api/v1/events/:id/participants/:enrollmentId': ['admin'],
  'GET /api/v1/events/:id/participants/:enrollmentId/files/:fileId': ['admin'],
  'POST /api/v1/events/:id/participants/:enrollmentId/cancel': ['admin'],
  'POST /api/v1/places': ['admin'],
  'GET /api/v1/enrollment-forms': ['admin'],
  'GET /api/v1/enrollment-forms/:id': ['admin'],
  'POST /api/v1/enrollment-forms': ['admin'],
  'PATCH /api/v1/enrollment-forms/:id/active': ['admin'],
  'GET /api/v1/kind-events': ['admin'],
  'GET /api/v1/kind-events/catalogs': ['admin'],
  'POST /api/v1/kind-events': ['admin'],
  'PATCH /api/v1/kind-events/:id/active': ['admin'],
  'GET /api/v1/institution-enrollment/stages': ['depto', 'distrito', 'director'],
  'GET /api/v1/institution-enrollment/places': ['depto', 'distrito', 'director'],
  'GET /api/v1/institution-enrollment/grades': ['depto', 'distrito', 'director'],
  'GET /api/v1/institution-enrollment/institutions/:sie/students': ['depto', 'distrito', 'director'],
  'GET /api/v1/institution-enrollment/stages/:stageId/institutions/:sie': ['depto', 'distrito', 'director'],
  'PUT /api/v1/institution-enrollment/stages/:stageId/institutions/:sie/participants': [
    'depto',
    'distrito',
    'director',
  ],
  'POST /api/v1/institution-enrollment/stages/:stageId/institutions/:sie/close': [
    'depto',
    'distrito',
    'director',
  ],
  'GET /api/v1/tracking/me/:level': ['admin', 'ministerio', 'depto', 'distrito'],
  'GET /api/v1/tracking/departments/:departmentId': ['admin', 'ministerio', 'depto'],
  'GET /api/v1/tracking/departments/:departmentId/institutions': ['admin', 'ministerio', 'depto'],
  'GET /api/v1/tracking/departments/:departmentId/report': ['admin', 'ministerio', 'depto'],
  'GET /api/v1/tracking/districts/:districtId': ['admin', 'ministerio', 'depto', 'distrito'],
  'GET /api/v1/tracking/districts/:districtId/institutions': ['admin', 'ministerio', 'depto', 'distrito'],
  'GET /api/v1/tracking/districts/:districtId/report': ['admin', 'ministerio', 'depto', 'distrito'],
  'GET /api/v1/tracking/institutions/:sie': ['admin', 'ministerio', 'depto', 'distrito'],
  'GET /api/v1/declarations/novelties': ['admin', 'ministerio', 'depto', 'distrito'],
  'GET /api/v1/reports/me/:level': ['admin', 'ministerio', 'depto', 'distrito', 'director'],
  'GET /api/v1/reports/national': nationalReaders,
  'GET /api/v1/reports/national/document': nationalReaders,
  'GET /api/v1/reports/departments/:departmentId': ['admin', 'ministerio', 'depto'],
  'GET /api/v1/reports/departments/:departmentId/document': ['admin', 'ministerio', 'depto'],
  'GET /api/v1/reports/districts/:districtId': ['admin', 'ministerio', 'depto', 'distrito'],
  'GET /api/v1/reports/districts/:districtId/document': ['admin', 'ministerio', 'depto', 'distrito'],
  'GET /api/v1/reports/institutions': ['admin', 'ministerio', 'depto', 'distrito', 'director'],
  'GET /api/v1/reports/institutions/:sie': ['admin', 'ministerio', 'depto', 'distrito', 'director'],
  'GET /api/v1/reports/institutions/:sie/students': ['admin', 'ministerio', 'depto', 'distrito', 'director'],
  'GET /api/v1/reports/institutions/:sie/document': ['admin', 'ministerio', 'depto', 'distrito', 'director'],
  'GET /api/v1/reports/reconciliation/national': nationalReaders,
  'GET /api/v1/reports/reconciliation/national/document': nationalReaders,
  'GET /api/v1/reports/reconciliation/departments/:departmentId': ['admin', 'ministerio', 'depto'],
  'GET /api/v1/reports/reconciliation/departments/:departmentId/document': ['admin', 'ministerio', 'depto'],
  'GET /api/v1/reports/reconciliation/districts/:districtId': ['admin', 'ministerio', 'depto', 'distrito'],
  'GET /api/v1/reports/reconciliation/districts/:districtId/document': [
    'admin',
    'ministerio',
    'depto',
    'distrito',
  ],
  'GET /api/v1/reports/reconciliation/institutions/:sie': [
    'admin',
    'ministerio',
    'depto',
    'distrito',
    'director',
  ],
  'GET /api/v1/reports/reconciliation/institutions/:sie/document': [
    'admin',
    'ministerio',
    'depto',
    'distrito',
    'director',
  ],
  'GET /api/v1/payments/summary': nationalReaders,
  'GET /api/v1/payments': nationalReaders,
  'GET /api/v1/paid-validation/institutions/:sie': ['admin', 'ministerio', 'director'],
  'GET /api/v1/paid-validation/institutions/:sie/titulars': ['admin', 'ministerio', 'director'],
  'GET /api/v1/paid-validation/institutions/:sie/titulars/:personId': ['admin', 'ministerio', 'director'],
  'GET /api/v1/paid-validation/institutions/:sie/titulars/:personId/students': [
    'admin',
    'ministerio',
    'director',
  ],
  'GET /api/v1/paid-validation/institutions/:sie/inscriptions/:inscriptionId/validation': [
    'admin',
    'ministerio',
    'director',
  ],
  'PUT /api/v1/paid-validation/institutions/:sie/inscriptions/:inscriptionId/validation': [
    'admin',
    'director',
  ],
  'POST /api/v1/paid-validation/institutions/:sie/consolidation': ['admin', 'director'],
  'GET /api/v1/paid-validation/institutions/:sie/report': ['admin', 'ministerio', 'director'],
  'GET /api/v1/paid-validation/institutions/:sie/report/document': ['admin', 'ministerio', 'director'],
  'GET /api/v1/paid-validation/institutions/:sie/report/document/versions': [
    'admin',
    'ministerio',
    'director',
  ],
  'GET /api/v1/paid-validation/institutions/:sie/report/document/versions/:version': [
    'admin',
    'ministerio',
    'director',
  ],
  'POST /api/v1/enabling/paid-validation': ['admin'],
  'POST /api/v1/enabling/holders': ['admin'],
  'GET /api/v1/enabling': ['admin'],
};

let ctx: TestContext;
const tokens = {} as Record<Profile, string>;
let targetUserId = 0;
let schoolId = 0;
let districtId = 0;

/** Request bodies and parameters that are valid enough to reach the guard's decision. */
function sampleRequest(method: string, url: string) {
  const path = url
    .replace(':id', String(targetUserId))
    .replace(':sie', String(schoolId))
    .replace(':stageId', '1')
    .replace(':inscriptionId', '1')
    .replace(':guardianId', '1')
    .replace(':personId', '1')
    .replace(':departmentId', '2')
    .replace(':districtId', String(districtId))
    .replace(':level', 'district')
    .replace(':version', '1')
    .replace(':enrollmentId', '1')
    .replace(':fileId', '7b0e4a52-6d55-4c4e-9d87-8e3b1f0b4a11');
  const bodies: Record<string, unknown> = {
    'PATCH /api/v1/users/:id/access': { hasAccess: true },
    'PUT /api/v1/users/:id/roles': { roles: [] },
    'POST /api/v1/holders/persons/search': { carnet: '1234567', complemento: '' },
    'PUT /api/v1/holders/institutions/:sie/persons/:personId': {
      foreign: false,
      gender: 2,
      birthDate: '1985-03-04',
      nombre: 'ANA',
      paterno: 'MAMANI',
      materno: '',
    },
    'POST /api/v1/holders/institutions/:sie/inscriptions/:inscriptionId/guardians': {
      personId: 1,
      relationshipId: 1,
    },
    'POST /api/v1/holders/institutions/:sie/inscriptions/:inscriptionId/guardians/new': {
      carnet: '1234567',
      complemento: '',
      relationshipId: 1,
      ...{
        foreign: false,
        gender: 2,
        birthDate: '1985-03-04',
        nombre: 'ANA',
        paterno: 'MAMANI',
        materno: '',
      },
    },
    'PATCH /api/v1/holders/institutions/:sie/inscriptions/:inscriptionId/guardians/:guardianId': {
      relationshipId: 1,
    },
    'PUT /api/v1/holders/institutions/:sie/inscriptions/:inscriptionId/titular': { guardianId: null },
    'POST /api/v1/places': { description: 'Aula', capacity: 10, reference: '2025-11-01' },
    'POST /api/v1/enrollment-forms': {
      name: 'Formulario',
      definition: {
        config: { modelName: 'formData', refName: 'elForm', showButtons: true, gutter: 15, labelWidth: 100 },
        fields: [],
      },
    },
    'PATCH /api/v1/enrollment-forms/:id/active': { active: true },
    'POST /api/v1/events/:id/participants/:enrollmentId/cancel': { reason: 'Motivo de prueba' },
    'POST /api/v1/kind-events': {
      name: 'Periodo',
      phase: 'Etapa',
      subsystems: ['Regular'],
      startsOn: '2025-11-01',
      endsOn: '2025-11-30',
      instances: ['district'],
      state: 'VIGENTE',
    },
    'PATCH /api/v1/kind-events/:id/active': { active: true },
    'PUT /api/v1/institution-enrollment/stages/:stageId/institutions/:sie/participants': {
      inscriptionIds: [],
    },
    'POST /api/v1/institution-enrollment/stages/:stageId/institutions/:sie/close': { inscriptionIds: [] },
    'PUT /api/v1/paid-validation/institutions/:sie/inscriptions/:inscriptionId/validation': { isPaid: true },
    'POST /api/v1/enabling/paid-validation': { sie: schoolId, reason: 'Motivo de la habilitación' },
    'POST /api/v1/enabling/holders': { sie: schoolId, reason: 'Motivo de la habilitación' },
    'POST /api/v1/sereci/students/:rude/validation': { oficialia: '1', libro: '1', partida: '1', folio: '1' },
    'POST /api/v1/blocking/students/:rude/block': { observation: 'Observación de prueba' },
    'POST /api/v1/blocking/students/:rude/unblock': { observation: 'Observación de prueba' },
    'POST /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/guardians': {
      personId: 1,
      relationshipId: 1,
    },
    'POST /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/guardians/new': {
      carnet: '1234567',
      complemento: '',
      relationshipId: 1,
      foreign: false,
      gender: 2,
      birthDate: '1985-03-04',
      nombre: 'ANA',
      paterno: 'MAMANI',
      materno: '',
    },
    'PATCH /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/guardians/:guardianId': {
      relationshipId: 1,
    },
    'PUT /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/persons/:personId': {
      foreign: false,
      gender: 2,
      birthDate: '1985-03-04',
      nombre: 'ANA',
      paterno: 'MAMANI',
      materno: '',
    },
    'PUT /api/v1/adjustments/institutions/:sie/inscriptions/:inscriptionId/titular': { guardianId: null },
    'POST /api/v1/adjustments/reenable': { rude: 'SIN RUDE' },
    'POST /api/v1/exports/reports/national': { format: 'pdf' },
    'POST /api/v1/exports/reports/departments/:departmentId': { format: 'pdf' },
    'POST /api/v1/exports/reconciliation/national': { format: 'pdf' },
    'POST /api/v1/exports/reconciliation/departments/:departmentId': { format: 'pdf' },
  };
  const queries: Record<string, string> = { 'GET /api/v1/holders/relationships': '?codeType=1' };
  for (const key of Object.keys(allowed)) if (key.endsWith('/document')) queries[key] = '?format=pdf';
  return {
    method,
    url: path + (queries[`${method} ${url}`] ?? ''),
    payload: bodies[`${method} ${url}`] as object | undefined,
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 2 });
  districtId = district.id;
  const school = await makeSchool(db, { districtId: district.id });
  schoolId = school.id;
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'ministerio', type: 1 });
  await makeUser(db, { username: 'depto', type: 2, profile: 7, departmentId: 2 });
  await makeUser(db, { username: 'distrito', type: 2, profile: 10, districtId: district.id });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [school.id] });
  await makeUser(db, { username: 'otro', type: 2, profile: 3 });
  targetUserId = (await makeUser(db, { username: 'objetivo', type: 1 })).id;
  for (const profile of everyone) {
    tokens[profile] = (
      await loginAs(ctx.app, profile, profile === 'admin' || profile === 'ministerio' ? 1 : 2)
    ).token;
  }
});
afterAll(() => ctx.close());

describe('permission table', () => {
  it('names every protected route, and only those', () => {
    const registered = ctx.app.routeList.filter((r) => !r.public).map((r) => `${r.method} ${r.url}`);
    expect(new Set(registered)).toEqual(new Set(Object.keys(allowed)));
  });

  it('refuses every protected route without a token', async () => {
    for (const key of Object.keys(allowed)) {
      const [method, url] = key.split(' ') as [string, string];
      const res = await ctx.app.inject(sampleRequest(method, url) as never);
      expect(res.statusCode, key).toBe(401);
    }
  });

  for (const [key, profiles] of Object.entries(allowed)) {
    it(`${key}: allows ${profiles.join(', ')} and refuses the rest`, async () => {
      const [method, url] = key.split(' ') as [string, string];
      for (const profile of everyone) {
        const res = await ctx.app.inject({
          ...sampleRequest(method, url),
          headers: bearer(tokens[profile]),
        } as never);
        if (profiles.includes(profile)) {
          expect([401, 403], `${profile} ${key} → ${res.statusCode} ${res.body}`).not.toContain(
            res.statusCode,
          );
        } else {
          expect(res.statusCode, `${profile} ${key}`).toBe(403);
        }
      }
    });
  }
});
