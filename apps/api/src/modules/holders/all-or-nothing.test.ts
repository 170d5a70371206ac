import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { persons } from '../../db/schema/index.js';
import { expectNothingWrittenWhenAuditFails, fingerprint } from '../../test/all-or-nothing.js';
import { knownIdentity, makePerson, makeTitular } from '../../test/factories/holders.js';
import {
  call,
  modalUrl,
  newTitularBody,
  searchAs,
  segipMode,
  useTitularWorld,
  world,
} from './titulars-fixture.js';

/**
 * Issue 12, part 4: every holders path that writes more than one row commits all of it or nothing.
 * Each test makes the path's last step fail (a conflict, SEGIP refusing, or a forced database error
 * on its last write, the audit row) and compares a fingerprint of every table before and after.
 */
useTitularWorld();

const db = () => world.ctx.handle.db;

/** Runs `act` with the audit row of `action` failing; asserts a 5xx and that no table changed. */
const withFailingAudit = (action: string, act: () => Promise<{ status: number; body?: unknown }>) =>
  expectNothingWrittenWhenAuditFails(db(), action, ['persons', 'guardians'], act);

/** A person the school's director found by document, with data SEGIP would confirm for the correction. */
async function foundTypo() {
  const truth = knownIdentity();
  const [typo] = await db()
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
  await searchAs('director', typo!);
  const corrected = {
    foreign: false,
    gender: truth.gender,
    birthDate: truth.birthDate,
    name: truth.name,
    paterno: truth.paterno,
    materno: truth.materno,
  };
  return { person: typo!, corrected };
}

describe("'Editar Datos' + 'Agregar Titular' in one request", () => {
  it('joins the person and writes the corrected data together', async () => {
    const { person, corrected } = await foundTypo();
    const res = await call('director', 'POST', modalUrl(world.ins[0]!, '/guardians'), {
      personId: person.id,
      relationshipId: 2,
      person: corrected,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [after] = await db().select().from(persons).where(eq(persons.id, person.id));
    expect(after!.name).toBe(corrected.name);
    expect(res.body.guardians.find((g) => g.personId === person.id)?.name).toBe(corrected.name);
  });

  it("a person already a guardian: 409 'ya figura' and the name is not changed (the issue's case)", async () => {
    const { person, corrected } = await foundTypo();
    await makeTitular(db(), {
      inscriptionId: world.ins[1]!,
      personId: person.id,
      registeredInstitutionId: world.sie,
      selected: false,
    });
    const before = await fingerprint(db());
    const res = await call('director', 'POST', modalUrl(world.ins[1]!, '/guardians'), {
      personId: person.id,
      relationshipId: 2,
      person: { ...corrected, name: corrected.name },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('La persona ya figura en la lista de titulares del estudiante.');
    expect(await fingerprint(db())).toEqual(before);
  });

  it('SEGIP refusing or failing the corrected data: nothing is written', async () => {
    const { person, corrected } = await foundTypo();
    const before = await fingerprint(db());
    const refused = await call('director', 'POST', modalUrl(world.ins[2]!, '/guardians'), {
      personId: person.id,
      relationshipId: 2,
      person: { ...corrected, name: 'OTRA PERSONA' },
    });
    expect(refused.status).toBe(409);
    await segipMode('fail');
    const down = await call('director', 'POST', modalUrl(world.ins[2]!, '/guardians'), {
      personId: person.id,
      relationshipId: 2,
      person: corrected,
    });
    expect(down.status).toBe(503);
    expect(await fingerprint(db())).toEqual(before);
  });

  it('the correction’s audit row failing takes back the guardian and the person', async () => {
    const { person, corrected } = await foundTypo();
    await withFailingAudit('holders.person.update', () =>
      call('director', 'POST', modalUrl(world.ins[3]!, '/guardians'), {
        personId: person.id,
        relationshipId: 2,
        person: corrected,
      }),
    );
  });
});

describe('every other multi-row holders path: its last write failing leaves nothing', () => {
  it("'Agregar Titular' of an unconfirmed person (person confirmed + guardian + audit)", async () => {
    const person = await makePerson(db(), { verified: false });
    await searchAs('director', person);
    await withFailingAudit('holders.guardian.add', () =>
      call('director', 'POST', modalUrl(world.ins[4]!, '/guardians'), {
        personId: person.id,
        relationshipId: 2,
      }),
    );
  });

  it("'Nuevo Titular' (person + guardian + audit)", async () => {
    await withFailingAudit('holders.person.create', () =>
      call('director', 'POST', modalUrl(world.ins[4]!, '/guardians/new'), newTitularBody()),
    );
  });

  it("'Editar Datos' of a guardian (person + audit)", async () => {
    const { person, corrected } = await foundTypo();
    await makeTitular(db(), {
      inscriptionId: world.ins[5]!,
      personId: person.id,
      registeredInstitutionId: world.sie,
      selected: false,
    });
    await withFailingAudit('holders.person.update', () =>
      call('director', 'PUT', `/holders/institutions/${world.sie}/persons/${person.id}`, corrected),
    );
  });

  it("'Actualizar parentesco' of the titular (guardian + titular + audit) and removing a guardian", async () => {
    const mother = await makePerson(db());
    const aunt = await makePerson(db());
    const selected = await makeTitular(db(), {
      inscriptionId: world.ins[6]!,
      personId: mother.id,
      registeredInstitutionId: world.sie,
    });
    const other = await makeTitular(db(), {
      inscriptionId: world.ins[6]!,
      personId: aunt.id,
      relationshipId: 5,
      registeredInstitutionId: world.sie,
      selected: false,
    });
    await withFailingAudit('holders.guardian.relationship', () =>
      call('director', 'PATCH', modalUrl(world.ins[6]!, `/guardians/${selected.id}`), { relationshipId: 2 }),
    );
    await withFailingAudit('holders.guardian.remove', () =>
      call('director', 'DELETE', modalUrl(world.ins[6]!, `/guardians/${other.id}`)),
    );
    // 'Registrar' with another adult: the assignment is replaced, then audited.
    await withFailingAudit('holders.titular.save', () =>
      call('director', 'PUT', modalUrl(world.ins[6]!, '/titular'), { guardianId: other.id }),
    );
    await withFailingAudit('holders.titular.exclude', () =>
      call('director', 'PUT', modalUrl(world.ins[6]!, '/titular'), { guardianId: null }),
    );
  });

  it("'Validar Estudiantes' of a titular (every assignment + audit)", async () => {
    const teacher = await makePerson(db());
    for (const i of [7, 8])
      await makeTitular(db(), {
        inscriptionId: world.ins[i]!,
        personId: teacher.id,
        relationshipId: 6,
        registeredInstitutionId: world.sie,
      });
    await withFailingAudit('holders.titular.validate', () =>
      call('director', 'POST', `/holders/institutions/${world.sie}/titulars/${teacher.id}/validation`),
    );
  });

  it('consolidation (institution + removals of students without titular + audit)', async () => {
    await withFailingAudit('holders.consolidate', () =>
      call('director', 'POST', `/holders/institutions/${world.sie}/consolidation`),
    );
  });
});
