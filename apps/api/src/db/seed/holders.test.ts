import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSegipClient } from '../../integrations/segip/client.js';
import { identityFor } from '../../integrations/segip/identity.js';
import { type RunningSimulator, startSegipSimulator } from '../../integrations/segip/simulator.js';
import { createTestDatabase } from '../../test/database.js';
import type { DatabaseHandle } from '../client.js';
import { rows } from '../rows.js';
import { seedDatabase } from './index.js';

let handle: DatabaseHandle;
let simulator: RunningSimulator;

beforeAll(async () => {
  handle = await createTestDatabase();
  simulator = await startSegipSimulator();
  await seedDatabase(handle, { scale: 'demo', today: '2025-11-20' });
}, 120_000);
afterAll(async () => {
  await simulator.close();
  await handle.close();
});

const one = async <T>(query: string): Promise<T> => (await rows<T>(handle.db, query))[0]!;

type PersonRow = {
  carnet: string;
  complemento: string;
  paterno: string;
  materno: string;
  name: string;
  birth: string;
  gender: number;
  verified: boolean;
};

describe('holder registration demo data', () => {
  it('gives every person the identity the SEGIP registry holds for their document', async () => {
    const persons = await rows<PersonRow>(
      handle.db,
      `SELECT carnet, complemento, first_last_name AS paterno, second_last_name AS materno, name, birth_date::text AS birth,
         gender, segip_verified_at IS NOT NULL AS verified FROM persons`,
    );
    expect(persons.length).toBeGreaterThan(100);
    for (const p of persons) {
      const registry = identityFor(p.carnet, p.complemento);
      expect(p.verified, p.carnet).toBe(registry !== null);
      if (!registry) continue;
      expect({
        paterno: p.paterno,
        materno: p.materno,
        name: p.name,
        birthDate: p.birth,
        gender: p.gender,
      }).toEqual({
        paterno: registry.paterno,
        materno: registry.materno,
        name: registry.name,
        birthDate: registry.birthDate,
        gender: registry.gender,
      });
    }
    const sample = persons.filter((p) => p.verified).slice(0, 20);
    const segip = httpSegipClient({ url: simulator.url });
    for (const p of sample) {
      const verdict = await segip.verify({ ...p, name: p.name, birthDate: p.birth });
      expect(verdict).toEqual({ result: 'match' });
    }
  });

  it('keeps mothers women and fathers men, and a mother with the student’s second surname', async () => {
    const wrong = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM guardians g JOIN persons p ON p.id = g.person_id
       WHERE (g.relationship_id = 1 AND p.gender <> 2) OR (g.relationship_id = 2 AND p.gender <> 1)`,
    );
    expect(wrong.n).toBe(0);
    const mothers = await one<{ same: number; total: number }>(
      `SELECT count(*) FILTER (WHERE p.first_last_name = s.second_last_name)::int AS same, count(*)::int AS total
       FROM titular_assignments t JOIN persons p ON p.id = t.person_id JOIN inscriptions n ON n.id = t.inscription_id
       JOIN students s ON s.id = n.student_id WHERE t.relationship_id = 1 AND s.second_last_name <> ''`,
    );
    expect(mothers.same / mothers.total).toBeGreaterThan(0.9);
  });

  it('shows every status and mode of the screen', async () => {
    const facts = await one<Record<string, number>>(
      `SELECT
        (SELECT count(*) FROM (SELECT inscription_id FROM guardians GROUP BY inscription_id HAVING count(*) > 1) x)::int AS choices,
        (SELECT count(*) FROM guardians g WHERE NOT EXISTS (SELECT 1 FROM titular_assignments t WHERE t.inscription_id = g.inscription_id))::int AS candidates,
        (SELECT count(*) FROM titular_assignments t JOIN inscriptions n ON n.id = t.inscription_id WHERE t.registered_institution_id <> n.institution_id)::int AS elsewhere,
        (SELECT count(*) FROM students WHERE segip_id <> 1 AND NOT empareja_sereci)::int AS unvalidated,
        (SELECT count(*) FROM titular_assignments WHERE validated_at IS NOT NULL)::int AS validated,
        (SELECT count(*) FROM beneficiary_exclusions)::int AS exclusions,
        (SELECT count(DISTINCT carnet || '|' || complemento) - count(*) FROM persons)::int AS duplicates`,
    );
    expect(facts).toMatchObject({ duplicates: 0 });
    for (const key of ['choices', 'candidates', 'elsewhere', 'unvalidated', 'validated', 'exclusions']) {
      expect(facts[key], key).toBeGreaterThan(0);
    }
  });
});
