import type { PersonSearchResponse } from '@bjp/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, guardians, persons, titularAssignments } from '../../db/schema/index.js';
import { SEGIP_TEST_CARNETS } from '../../integrations/segip/identity.js';
import { knownIdentity, makePerson, makeTitular } from '../../test/factories/holders.js';
import {
  call,
  countOf,
  modalUrl,
  newTitularBody,
  searchAs,
  segipMode,
  useTitularWorld,
  world,
} from './titulars-fixture.js';

useTitularWorld();

describe('titular search', () => {
  it('finds a registered person by document and complement, upper-cased', async () => {
    const person = await makePerson(world.ctx.handle.db);
    await world.ctx.handle.db.update(persons).set({ complemento: '1A' }).where(eq(persons.id, person.id));
    const found = await call<PersonSearchResponse>('director', 'POST', '/holders/persons/search', {
      carnet: ` ${person.carnet} `,
      complemento: '1a',
    });
    expect(found.body).toMatchObject({
      found: true,
      person: { id: person.id },
    });
    const miss = await call<PersonSearchResponse>('director', 'POST', '/holders/persons/search', {
      carnet: person.carnet,
    });
    expect(miss.body).toEqual({ found: false, person: null });
  });

  it("asks for the document: 'Ingrese un documento de identidad'", async () => {
    const res = await call<{ message: string }>('director', 'POST', '/holders/persons/search', {
      carnet: '  ',
      complemento: '',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Ingrese un documento de identidad');
  });

  it('offers only relationships 1–8 and 13 to regular schools', async () => {
    const regular = await call<{ items: Array<{ id: number }> }>(
      'director',
      'GET',
      '/holders/relationships?codeType=1',
    );
    expect(regular.body.items.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 13]);
    const special = await call<{ items: Array<{ id: number }> }>(
      'director',
      'GET',
      '/holders/relationships?codeType=4',
    );
    expect(special.body.items).toHaveLength(13);
  });
});

describe('new titular through SEGIP', () => {
  it('creates the person SEGIP confirms and adds them to the student’s titulars', async () => {
    const body = newTitularBody({ name: undefined });
    const missing = await call('director', 'POST', modalUrl(world.ins[0]!, '/guardians/new'), body);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Ingrese todos los datos solicitados.');

    const full = newTitularBody();
    const res = await call('director', 'POST', modalUrl(world.ins[0]!, '/guardians/new'), full);
    expect(res.status).toBe(200);
    expect(res.body.guardians).toEqual([
      expect.objectContaining({
        carnet: full.carnet,
        relationshipName: 'MADRE',
        selected: false,
        verified: true,
      }),
    ]);
    expect(res.body.status).toBe('pending');
    const again = await call('director', 'POST', modalUrl(world.ins[1]!, '/guardians/new'), full);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('La persona ya está registrada: búsquela por su documento de identidad.');
  });

  it('creates a document once when two schools register it at the same moment', async () => {
    // SEGIP answers slowly, so both requests have searched (and found nobody) before either inserts.
    await segipMode('slow', 300);
    const body = newTitularBody();
    const audit = await countOf(auditLog);
    const answers = await Promise.all(
      [world.ins[8]!, world.ins[9]!].map((i) =>
        call('director', 'POST', modalUrl(i, '/guardians/new'), body),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe(
      'La persona ya está registrada: búsquela por su documento de identidad.',
    );
    const created = await world.ctx.handle.db.select().from(persons).where(eq(persons.carnet, body.carnet));
    expect(created).toHaveLength(1);
    const [guardian] = await world.ctx.handle.db
      .select()
      .from(guardians)
      .where(eq(guardians.personId, created[0]!.id));
    expect(await countOf(auditLog)).toBe(audit + 1);
    const [row] = await world.ctx.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'holders.person.create'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      entityId: String(guardian!.inscriptionId),
      after: {
        guardianId: guardian!.id,
        personId: created[0]!.id,
        carnet: body.carnet,
        complemento: '',
        relationshipId: 1,
      },
    });
  });

  it('refuses data SEGIP does not confirm, and changes nothing', async () => {
    const before = {
      persons: await countOf(persons),
      guardians: await countOf(guardians),
      audit: await countOf(auditLog),
    };
    const mismatch = await call(
      'director',
      'POST',
      modalUrl(world.ins[1]!, '/guardians/new'),
      newTitularBody({ birthDate: '1980-01-01' }),
    );
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.message).toBe('Error en el servicio de verificación.');
    expect(mismatch.body.details).toMatchObject({
      segip: 'mismatch',
      observation: 'Los datos no coinciden con el registro del SEGIP.',
    });
    const unknown = await call(
      'director',
      'POST',
      modalUrl(world.ins[1]!, '/guardians/new'),
      newTitularBody({ carnet: SEGIP_TEST_CARNETS.unknown }),
    );
    expect(unknown.status).toBe(409);
    expect(unknown.body.details.observation).toBe(
      'El documento de identidad no está registrado en el SEGIP.',
    );
    expect({
      persons: await countOf(persons),
      guardians: await countOf(guardians),
      audit: await countOf(auditLog),
    }).toEqual(before);
  });

  it("answers 'Error en el servicio de verificación con el SEGIP.' when SEGIP fails or is slow, and changes nothing", async () => {
    const before = {
      persons: await countOf(persons),
      guardians: await countOf(guardians),
      audit: await countOf(auditLog),
    };
    await segipMode('fail');
    const failed = await call(
      'director',
      'POST',
      modalUrl(world.ins[1]!, '/guardians/new'),
      newTitularBody(),
    );
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe('Error en el servicio de verificación con el SEGIP.');
    await segipMode('normal');
    const slow = await call(
      'director',
      'POST',
      modalUrl(world.ins[1]!, '/guardians/new'),
      newTitularBody({ carnet: SEGIP_TEST_CARNETS.slow }),
    );
    expect(slow.status).toBe(503);
    expect({
      persons: await countOf(persons),
      guardians: await countOf(guardians),
      audit: await countOf(auditLog),
    }).toEqual(before);
  });

  it('refuses a minor and a relationship the school type does not allow', async () => {
    const minor = await call(
      'director',
      'POST',
      modalUrl(world.ins[1]!, '/guardians/new'),
      newTitularBody({ birthDate: '2010-01-01' }),
    );
    expect(minor.status).toBe(400);
    expect(minor.body.message).toBe('El titular debe ser mayor de edad.');
    const other = await call(
      'director',
      'POST',
      modalUrl(world.ins[1]!, '/guardians/new'),
      newTitularBody({ relationshipId: 9 }),
    );
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('El parentesco no está permitido para esta institución.');
  });
});

describe('adding an existing person, relationships and removal', () => {
  it('adds a found person once, and verifies an unconfirmed one with SEGIP first', async () => {
    const father = await makePerson(world.ctx.handle.db);
    // An id nobody searched for is not found, whoever it is, and nothing is added.
    const unsearched = await call('director', 'POST', modalUrl(world.ins[2]!, '/guardians'), {
      personId: father.id,
      relationshipId: 2,
    });
    expect(unsearched.status).toBe(404);
    expect(unsearched.body.message).toBe('No se encontró a la persona.');
    expect(
      await world.ctx.handle.db.select().from(guardians).where(eq(guardians.personId, father.id)),
    ).toEqual([]);
    await searchAs('director', father);
    const missing = await call('director', 'POST', modalUrl(world.ins[2]!, '/guardians'), {
      personId: father.id,
    });
    expect(missing.body.message).toBe('Ingrese todos los datos solicitados.');
    const added = await call('director', 'POST', modalUrl(world.ins[2]!, '/guardians'), {
      personId: father.id,
      relationshipId: 2,
    });
    expect(added.body.guardians.map((g) => g.relationshipName)).toEqual(['PADRE']);
    const twice = await call('director', 'POST', modalUrl(world.ins[2]!, '/guardians'), {
      personId: father.id,
      relationshipId: 2,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('La persona ya figura en la lista de titulares del estudiante.');

    const unconfirmed = await makePerson(world.ctx.handle.db, { verified: false });
    await searchAs('director', unconfirmed);
    const checked = await call('director', 'POST', modalUrl(world.ins[2]!, '/guardians'), {
      personId: unconfirmed.id,
      relationshipId: 3,
    });
    expect(checked.status).toBe(200);
    expect(checked.body.guardians.find((g) => g.personId === unconfirmed.id)?.verified).toBe(true);
  });

  it("refuses a person SEGIP does not confirm: 'Error en el servicio de verificación.'", async () => {
    const [stranger] = await world.ctx.handle.db
      .insert(persons)
      .values({
        carnet: SEGIP_TEST_CARNETS.unknown,
        name: 'NADIE',
        firstLastName: 'SIN',
        birthDate: '1980-01-01',
        gender: 1,
      })
      .returning();
    await searchAs('director', stranger!);
    const res = await call('director', 'POST', modalUrl(world.ins[2]!, '/guardians'), {
      personId: stranger!.id,
      relationshipId: 5,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Error en el servicio de verificación.');
  });

  it('changes only the relationship, and the titular follows it with its holder type', async () => {
    const person = await makePerson(world.ctx.handle.db);
    const guardian = await makeTitular(world.ctx.handle.db, {
      inscriptionId: world.ins[3]!,
      personId: person.id,
      registeredInstitutionId: world.sie,
    });
    const empty = await call('director', 'PATCH', modalUrl(world.ins[3]!, `/guardians/${guardian.id}`), {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Seleccione un parentesco.');
    const res = await call('director', 'PATCH', modalUrl(world.ins[3]!, `/guardians/${guardian.id}`), {
      relationshipId: 6,
    });
    expect(res.body.guardians[0]).toMatchObject({ relationshipName: 'MAESTRA/O', selected: true });
    const [active] = await world.ctx.handle.db
      .select()
      .from(titularAssignments)
      .where(and(eq(titularAssignments.inscriptionId, world.ins[3]!), isNull(titularAssignments.removedAt)));
    expect(active).toMatchObject({ relationshipId: 6, holderTypeId: 2 });
  });

  it('never removes the selected titular, removes others and can bring them back', async () => {
    const [mother, aunt] = [await makePerson(world.ctx.handle.db), await makePerson(world.ctx.handle.db)];
    const selected = await makeTitular(world.ctx.handle.db, {
      inscriptionId: world.ins[4]!,
      personId: mother.id,
      registeredInstitutionId: world.sie,
    });
    const other = await makeTitular(world.ctx.handle.db, {
      inscriptionId: world.ins[4]!,
      personId: aunt.id,
      relationshipId: 5,
      registeredInstitutionId: world.sie,
      selected: false,
    });
    const refused = await call('director', 'DELETE', modalUrl(world.ins[4]!, `/guardians/${selected.id}`));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('No se puede eliminar al titular seleccionado.');
    const removed = await call('director', 'DELETE', modalUrl(world.ins[4]!, `/guardians/${other.id}`));
    expect(removed.body.guardians.map((g) => g.personId)).toEqual([mother.id]);
    await searchAs('director', aunt);
    const back = await call('director', 'POST', modalUrl(world.ins[4]!, '/guardians'), {
      personId: aunt.id,
      relationshipId: 3,
    });
    expect(back.body.guardians.find((g) => g.personId === aunt.id)).toMatchObject({
      guardianId: other.id,
      relationshipName: 'ABUELA/O',
    });
  });

  it('edits a holder’s data only when SEGIP confirms the new data', async () => {
    const truth = knownIdentity();
    const [typo] = await world.ctx.handle.db
      .insert(persons)
      .values({
        carnet: truth.carnet,
        name: 'MARIA ERRADA',
        firstLastName: truth.paterno,
        secondLastName: truth.materno,
        birthDate: truth.birthDate,
        gender: 2,
      })
      .returning();
    const data = {
      foreign: false,
      gender: truth.gender,
      birthDate: truth.birthDate,
      name: 'OTRO NOMBRE',
      paterno: truth.paterno,
      materno: truth.materno,
    };
    // Not yet an adult of any of the school's students: refused before SEGIP is asked, unchanged.
    const stranger = await call('director', 'PUT', `/holders/institutions/${world.sie}/persons/${typo!.id}`, {
      ...data,
      name: truth.name,
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('No se encontró la persona en esta unidad educativa.');
    await makeTitular(world.ctx.handle.db, {
      inscriptionId: world.ins[7]!,
      personId: typo!.id,
      registeredInstitutionId: world.sie,
      selected: false,
    });
    const wrong = await call(
      'director',
      'PUT',
      `/holders/institutions/${world.sie}/persons/${typo!.id}`,
      data,
    );
    expect(wrong.status).toBe(409);
    expect((await world.ctx.handle.db.select().from(persons).where(eq(persons.id, typo!.id)))[0]!.name).toBe(
      'MARIA ERRADA',
    );
    const right = await call<{ name: string; verified: boolean }>(
      'director',
      'PUT',
      `/holders/institutions/${world.sie}/persons/${typo!.id}`,
      { ...data, name: truth.name.toLowerCase() },
    );
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ name: truth.name, verified: true });
  });
});
