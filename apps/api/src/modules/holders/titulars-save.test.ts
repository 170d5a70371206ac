import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, guardians, titularAssignments } from '../../db/schema/index.js';
import { makeHolderCourse, makePerson, makeTitular } from '../../test/factories/holders.js';
import { raceIt } from '../../test/race.js';
import { call, modalUrl, searchAs, useTitularWorld, world } from './titulars-fixture.js';

useTitularWorld();

/** 'Registrar', checked against a fresh read: a save answers with the modal it leaves, built from what it wrote. */
async function saveAndRead(inscriptionId: number, guardianId: number | null) {
  const saved = await call('director', 'PUT', modalUrl(inscriptionId, '/titular'), { guardianId });
  expect(saved.status).toBe(200);
  expect((await call('director', 'GET', modalUrl(inscriptionId, '/titulars'))).body).toEqual(saved.body);
  return saved;
}

describe("'Registrar'", () => {
  it('saves the selected titular, keeps the replaced one as history, and saves no selection as no beneficiary', async () => {
    const [a, b] = [await makePerson(world.ctx.handle.db), await makePerson(world.ctx.handle.db)];
    const ga = await makeTitular(world.ctx.handle.db, {
      inscriptionId: world.ins[5]!,
      personId: a.id,
      registeredInstitutionId: world.sie,
      selected: false,
    });
    const gb = await makeTitular(world.ctx.handle.db, {
      inscriptionId: world.ins[5]!,
      personId: b.id,
      relationshipId: 2,
      registeredInstitutionId: world.sie,
      selected: false,
    });
    const first = await saveAndRead(world.ins[5]!, ga.id);
    expect(first.body).toMatchObject({ status: 'registered', statusLabel: 'Registrado' });
    expect(first.body.guardians.find((g) => g.selected)?.personId).toBe(a.id);
    const second = await saveAndRead(world.ins[5]!, gb.id);
    expect(second.body.guardians.find((g) => g.selected)?.personId).toBe(b.id);
    const none = await saveAndRead(world.ins[5]!, null);
    expect(none.body).toMatchObject({ status: 'excluded', statusLabel: 'No beneficiario' });
    expect(none.body.guardians.some((g) => g.selected)).toBe(false);
    const again = await saveAndRead(world.ins[5]!, ga.id);
    expect(again.body.status).toBe('registered');
    await saveAndRead(world.ins[5]!, ga.id); // unchanged: nothing closed or opened
    const history = await world.ctx.handle.db
      .select()
      .from(titularAssignments)
      .where(eq(titularAssignments.inscriptionId, world.ins[5]!));
    expect(history).toHaveLength(3);
    expect(history.filter((h) => h.removedAt === null)).toHaveLength(1);
    const audit = await world.ctx.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(world.ins[5])));
    expect(audit.map((r) => r.action)).toEqual([
      'holders.titular.save',
      'holders.titular.save',
      'holders.titular.exclude',
      'holders.titular.save',
      'holders.titular.save',
    ]);
    expect(audit[2]).toMatchObject({
      before: { personId: b.id, relationshipId: 2, excluded: false },
      after: { personId: null, relationshipId: null, excluded: true },
    });
  });

  it("refuses a guardian of another student or one SEGIP never confirmed: 'Titular no válido'", async () => {
    const person = await makePerson(world.ctx.handle.db);
    const elsewhere = await makeTitular(world.ctx.handle.db, {
      inscriptionId: world.ins[6]!,
      personId: person.id,
      registeredInstitutionId: world.sie,
      selected: false,
    });
    const res = await call('director', 'PUT', modalUrl(world.ins[7]!, '/titular'), {
      guardianId: elsewhere.id,
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Titular no válido');
    const unconfirmed = await makePerson(world.ctx.handle.db, { verified: false });
    const g = await makeTitular(world.ctx.handle.db, {
      inscriptionId: world.ins[7]!,
      personId: unconfirmed.id,
      registeredInstitutionId: world.sie,
      selected: false,
    });
    expect(
      (await call('director', 'PUT', modalUrl(world.ins[7]!, '/titular'), { guardianId: g.id })).body.message,
    ).toBe('Titular no válido');
  });

  raceIt('serialises two simultaneous saves for one student: one titular stays active', async () => {
    const [a, b] = [await makePerson(world.ctx.handle.db), await makePerson(world.ctx.handle.db)];
    const ga = await makeTitular(world.ctx.handle.db, {
      inscriptionId: world.ins[6]!,
      personId: a.id,
      relationshipId: 2,
      registeredInstitutionId: world.sie,
      selected: false,
    });
    const gb = await makeTitular(world.ctx.handle.db, {
      inscriptionId: world.ins[6]!,
      personId: b.id,
      relationshipId: 3,
      registeredInstitutionId: world.sie,
      selected: false,
    });
    const results = await Promise.all([
      call('director', 'PUT', modalUrl(world.ins[6]!, '/titular'), { guardianId: ga.id }),
      call('admin', 'PUT', modalUrl(world.ins[6]!, '/titular'), { guardianId: gb.id }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const active = await world.ctx.handle.db
      .select()
      .from(titularAssignments)
      .where(and(eq(titularAssignments.inscriptionId, world.ins[6]!), isNull(titularAssignments.removedAt)));
    expect(active).toHaveLength(1);
  });
});

describe('rules that keep the modal closed', () => {
  it('refuses changes to a student without validated identity, to a consolidated list, and outside scope', async () => {
    const person = await makePerson(world.ctx.handle.db);
    await searchAs('director', person);
    const identity = await call('director', 'POST', modalUrl(world.unvalidated, '/guardians'), {
      personId: person.id,
      relationshipId: 1,
    });
    expect(identity.status).toBe(409);
    expect(identity.body.message).toBe(
      'Estudiante sin Cedula de Identidad o Certificado de Nacimiento validado, favor validar dichos datos',
    );
    const closed = await call(
      'director',
      'POST',
      `/holders/institutions/${world.closedSie}/inscriptions/${world.closedStudent}/guardians`,
      { personId: person.id, relationshipId: 1 },
    );
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(
      'La lista de titulares de esta institución ya fue consolidada y su declaración jurada no cambia: para modificarla, la Dirección Distrital debe reabrirla con «Habilitar SIE» («Habilitar UE/CEE»), o registrar el cambio como novedad con «Habilitar Modificación Estudiante».',
    );
    expect(
      (
        await call('otrodirector', 'POST', modalUrl(world.ins[7]!, '/guardians'), {
          personId: person.id,
          relationshipId: 1,
        })
      ).status,
    ).toBe(403);
    // District staff designate titulars in their own district only.
    expect(
      (await call('otrodistrito', 'PUT', modalUrl(world.ins[7]!, '/titular'), { guardianId: null })).status,
    ).toBe(403);
    expect((await call('otrodistrito', 'GET', modalUrl(world.ins[7]!, '/titulars'))).status).toBe(403);
    const mine = await call('distrito', 'GET', modalUrl(world.ins[7]!, '/titulars'));
    expect(mine.status).toBe(200);
    expect(mine.body.editBlocker).toBeNull();
  });
});

describe('database rules', () => {
  it('allows one person to be titular of several students, and only one active titular per student', async () => {
    const db = world.ctx.handle.db;
    const person = await makePerson(db);
    await makeTitular(db, {
      inscriptionId: world.ins[7]!,
      personId: person.id,
      registeredInstitutionId: world.sie,
    });
    const [extra] = (await makeHolderCourse(db, { institutionId: world.sie, students: [{}] })).inscriptionIds;
    await makeTitular(db, { inscriptionId: extra!, personId: person.id, registeredInstitutionId: world.sie });
    const second = await makePerson(db);
    await db
      .insert(guardians)
      .values({ inscriptionId: world.ins[7]!, personId: second.id, relationshipId: 2 });
    await expect(
      db.insert(titularAssignments).values({
        inscriptionId: world.ins[7]!,
        personId: second.id,
        relationshipId: 2,
        holderTypeId: 1,
        registeredInstitutionId: world.sie,
      }),
    ).rejects.toThrow();
  });

  it('requires the titular to be a guardian, the holder type to follow the relationship, and keeps history', async () => {
    const db = world.ctx.handle.db;
    const person = await makePerson(db);
    const [student] = (await makeHolderCourse(db, { institutionId: world.sie, students: [{}] }))
      .inscriptionIds;
    await expect(
      db.insert(titularAssignments).values({
        inscriptionId: student!,
        personId: person.id,
        relationshipId: 1,
        holderTypeId: 1,
        registeredInstitutionId: world.sie,
      }),
    ).rejects.toThrow();
    await db.insert(guardians).values({ inscriptionId: student!, personId: person.id, relationshipId: 6 });
    await expect(
      db.insert(titularAssignments).values({
        inscriptionId: student!,
        personId: person.id,
        relationshipId: 6,
        holderTypeId: 1,
        registeredInstitutionId: world.sie,
      }),
    ).rejects.toThrow();
    await db.insert(titularAssignments).values({
      inscriptionId: student!,
      personId: person.id,
      relationshipId: 6,
      holderTypeId: 2,
      registeredInstitutionId: world.sie,
    });
    await expect(
      db.execute(sql`DELETE FROM titular_assignments WHERE inscription_id = ${student}`),
    ).rejects.toThrow();
    await expect(
      db.execute(
        sql`UPDATE titular_assignments SET registered_institution_id = 1 WHERE inscription_id = ${student}`,
      ),
    ).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM guardians WHERE inscription_id = ${student}`)).rejects.toThrow();
  });
});
