import { type BonusFacts, bonusState, countsAsPaid } from '@bjp/domain';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import {
  inscriptions,
  paidValidationConsolidations,
  paidValidations,
  payments,
  studentBonus,
} from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/database.js';
import { blockInscription } from '../../test/factories/blocking.js';
import { makePerson, makeTitular } from '../../test/factories/holders.js';
import { makeCourseWithStudents, makeDistrict, makeSchool } from '../../test/factories.js';

/**
 * The view student_bonus (migration 0016) and bonusState() in the domain package are the same
 * definition written twice, once per language; this test writes every combination of the facts into
 * real tables, in a school with a declaration in force and in one without, and requires the view to
 * give, row for row, the state the domain function gives.
 */
type Combination = {
  removed: boolean;
  bankPaid: boolean;
  /** The bank's row: absent, or present with paid false (both mean not paid). */
  paymentRow: boolean;
  titular: 'none' | 'parent' | 'staff';
  blocked: boolean;
  validation: null | boolean;
};

function combinations(): Combination[] {
  const all: Combination[] = [];
  for (const removed of [false, true])
    for (const bankPaid of [false, true])
      for (const titular of ['none', 'parent', 'staff'] as const)
        for (const blocked of [false, true])
          for (const validation of [null, true, false])
            all.push({
              removed,
              bankPaid,
              paymentRow: bankPaid || all.length % 2 === 0,
              titular,
              blocked,
              validation,
            });
  return all;
}

let handle: DatabaseHandle;
const cases: Array<{ inscriptionId: number; combination: Combination; declared: boolean }> = [];

async function schoolWith(declared: boolean) {
  const db = handle.db;
  const district = await makeDistrict(db);
  const sie = (await makeSchool(db, { districtId: district.id })).id;
  const combos = combinations();
  const ids = await makeCourseWithStudents(db, { institutionId: sie, count: combos.length });
  const validator = await makePerson(db);
  for (const [i, combination] of combos.entries()) {
    const inscriptionId = ids[i]!;
    if (combination.paymentRow)
      await db.insert(payments).values({
        inscriptionId,
        paid: combination.bankPaid,
        paidOn: combination.bankPaid ? '2025-11-03' : null,
        bank: 'Banco Unión',
        mode: 'VENTANILLA',
      });
    if (combination.titular !== 'none') {
      const person = await makePerson(db);
      await makeTitular(db, {
        inscriptionId,
        personId: person.id,
        relationshipId: combination.titular === 'staff' ? 6 : 1,
        registeredInstitutionId: sie,
      });
    }
    if (combination.blocked) await blockInscription(db, inscriptionId);
    if (combination.validation !== null)
      await db.insert(paidValidations).values({
        inscriptionId,
        institutionId: sie,
        personId: validator.id,
        isPaid: combination.validation,
        observation: combination.validation ? null : 'No llegó al estudiante.',
        validatedAt: new Date('2025-11-10T12:00:00Z'),
        validatedBy: 1,
      });
    cases.push({ inscriptionId, combination, declared });
  }
  const removed = combos.flatMap((c, i) => (c.removed ? [ids[i]!] : []));
  await db
    .update(inscriptions)
    .set({ removedAt: new Date('2025-11-12T12:00:00Z') })
    .where(inArray(inscriptions.id, removed));
  // Consolidated last: the trigger refuses validation writes while a school is consolidated.
  if (declared)
    await db.insert(paidValidationConsolidations).values({
      institutionId: sie,
      year: 2025,
      consolidatedAt: new Date('2025-11-15T12:00:00Z'),
      consolidatedBy: 1,
      students: 0,
      delivered: 0,
      undelivered: 0,
      amountPerStudent: 200,
    });
}

beforeAll(async () => {
  handle = await createTestDatabase();
  await schoolWith(true);
  await schoolWith(false);
}, 120_000);
afterAll(() => handle.close());

describe('one payment truth: the view student_bonus and bonusState()', () => {
  it('give the same state for every combination of facts, with and without a declaration in force', async () => {
    const rows = await handle.db.select().from(studentBonus);
    const byInscription = new Map(rows.map((r) => [r.inscriptionId, r]));
    expect(cases).toHaveLength(144);
    const seen = new Set<string>();
    for (const { inscriptionId, combination: c, declared } of cases) {
      const facts: BonusFacts = {
        removed: c.removed,
        bankPaid: c.bankPaid,
        hasTitular: c.titular !== 'none',
        staffTitular: c.titular === 'staff',
        blocked: c.blocked,
        schoolDeclared: declared,
        declaredDelivered: declared ? c.validation : null,
      };
      const row = byInscription.get(inscriptionId);
      const expected = bonusState(facts);
      seen.add(expected);
      expect({ ...c, declared, state: row?.state }).toEqual({ ...c, declared, state: expected });
      expect(row?.countsAsPaid).toBe(countsAsPaid(expected));
      expect({
        removed: row?.removed,
        bankPaid: row?.bankPaid,
        hasTitular: row?.hasTitular,
        staffTitular: row?.staffTitular,
        blocked: row?.blocked,
        schoolDeclared: row?.schoolDeclared,
        declaredDelivered: row?.declaredDelivered,
      }).toEqual(facts);
    }
    // Every state is reached by some combination, so none of the view's branches goes untested.
    expect([...seen].sort()).toEqual(
      [
        'BAJA',
        'BLOQUEADO',
        'DECLARADO_SIN_PAGO',
        'NO_PAGADO_DECLARADO',
        'PAGADO',
        'PAGADO_POR_VALIDAR',
        'PAGADO_SIN_DECLARAR',
        'PENDIENTE',
        'SIN_TITULAR',
      ].sort(),
    );
  });

  it('has one row per inscription', async () => {
    const rows = await handle.db.select({ id: studentBonus.inscriptionId }).from(studentBonus);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(rows.length).toBe((await handle.db.select({ id: inscriptions.id }).from(inscriptions)).length);
  });
});
