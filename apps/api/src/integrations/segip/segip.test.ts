import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { createTestDatabase } from '../../test/database.js';
import { httpSegipClient, SegipUnavailableError } from './client.js';
import {
  BUCKET_SIZE,
  ENCODED_BASE,
  encodedCarnet,
  identityFor,
  identitySql,
  registrySurnames,
  SEGIP_TEST_CARNETS,
} from './identity.js';
import { type RunningSimulator, startSegipSimulator } from './simulator.js';

let simulator: RunningSimulator;
let handle: DatabaseHandle;

const control = async (body: object) => {
  const res = await fetch(`${simulator.url}/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { requests: number };
};
const requestsSoFar = async () =>
  ((await (await fetch(`${simulator.url}/control`)).json()) as { requests: number }).requests;

beforeAll(async () => {
  simulator = await startSegipSimulator();
  handle = await createTestDatabase();
});
afterAll(async () => {
  await simulator.close();
  await handle.close();
});

describe('SEGIP registry (identity function)', () => {
  it('gives every document the same adult person every time, and knows most documents', () => {
    const a = identityFor('4589123');
    expect(a).toEqual(identityFor(' 4589123 ', ''));
    expect(a!.birthDate >= '1950-01-01' && a!.birthDate <= '2006-12-31').toBe(true);
    expect(identityFor('4589123', '1A')).not.toEqual(a);
    let unknown = 0;
    for (let c = 1_000_000; c < 1_020_000; c++) if (!identityFor(String(c))) unknown++;
    expect(unknown).toBeGreaterThan(40);
    expect(unknown).toBeLessThan(200);
  });

  it('reads the first surname and the gender from a generated document', () => {
    expect(identityFor(encodedCarnet('MAMANI', 2, 41))).toMatchObject({ paterno: 'MAMANI', gender: 2 });
    expect(identityFor(encodedCarnet('', 1, 7))).toMatchObject({ paterno: '', gender: 1 });
    expect(() => encodedCarnet('SMITH', 1, 1)).toThrow();
  });

  it('does not know the special test documents nor malformed ones', () => {
    for (const carnet of Object.values(SEGIP_TEST_CARNETS)) expect(identityFor(carnet)).toBeNull();
    expect(identityFor('E-12345')).toBeNull();
    expect(identityFor('123')).toBeNull();
  });

  it('computes the same persons in SQL as in TypeScript (the generator relies on it)', async () => {
    const id = identitySql('d.carnet', 'd.complemento');
    const result = await handle.db.execute(
      sql.raw(`SELECT d.carnet, d.complemento, ${id.known} AS known, ${id.paterno} AS paterno, ${id.materno} AS materno,
        ${id.name} AS name, ${id.birthDate}::text AS birth, ${id.gender} AS gender
      FROM (SELECT CASE WHEN g % 2 = 0 THEN (${ENCODED_BASE} + (g * 104729) % ${registrySurnames.length * 2 * BUCKET_SIZE})::text
                   ELSE (1000000 + (g * 7919) % 9000000)::text END AS carnet,
              CASE WHEN g % 7 = 0 THEN (1 + g % 2)::text || chr(65 + g % 26) ELSE '' END AS complemento
            FROM generate_series(1, 3000) AS g) d`),
    );
    const rows = (result as unknown as { rows: Array<Record<string, string | number | boolean>> }).rows;
    expect(rows).toHaveLength(3000);
    for (const row of rows) {
      const expected = identityFor(String(row.carnet), String(row.complemento));
      expect(row.known, String(row.carnet)).toBe(expected !== null);
      if (!expected) continue;
      expect({
        paterno: row.paterno,
        materno: row.materno,
        name: row.name,
        birthDate: row.birth,
        gender: Number(row.gender),
      }).toEqual({
        paterno: expected.paterno,
        materno: expected.materno,
        name: expected.name,
        birthDate: expected.birthDate,
        gender: expected.gender,
      });
    }
  });
});

describe('SEGIP adapter over HTTP against the simulator', () => {
  const known = identityFor('4589123')!;
  const person = {
    carnet: known.carnet,
    complemento: '',
    name: known.name,
    paterno: known.paterno,
    materno: known.materno,
    birthDate: known.birthDate,
  };

  it('confirms matching data, ignoring case and accents', async () => {
    const segip = httpSegipClient({ url: simulator.url });
    expect(await segip.verify(person)).toEqual({ result: 'match' });
    const relaxed = {
      ...person,
      name: person.name
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, ''),
    };
    expect(await segip.verify(relaxed)).toEqual({ result: 'match' });
  });

  it('names the fields that differ, and reports unknown documents', async () => {
    const segip = httpSegipClient({ url: simulator.url });
    expect(await segip.verify({ ...person, birthDate: '1900-01-01', paterno: 'OTRO' })).toEqual({
      result: 'mismatch',
      fields: ['paterno', 'fecha_nacimiento'],
    });
    expect(await segip.verify({ ...person, carnet: SEGIP_TEST_CARNETS.unknown })).toEqual({
      result: 'unknown',
    });
  });

  it('retries once, then reports the service unavailable', async () => {
    const segip = httpSegipClient({ url: simulator.url, timeoutMs: 500 });
    await control({ mode: 'fail' });
    const before = await requestsSoFar();
    await expect(segip.verify(person)).rejects.toBeInstanceOf(SegipUnavailableError);
    expect((await requestsSoFar()) - before).toBe(2);
    await control({ mode: 'normal' });
    await expect(segip.verify({ ...person, carnet: SEGIP_TEST_CARNETS.failure })).rejects.toBeInstanceOf(
      SegipUnavailableError,
    );
  });

  it('gives up on a slow answer after its timeout', async () => {
    const segip = httpSegipClient({ url: simulator.url, timeoutMs: 200, retries: 1 });
    await control({ mode: 'slow', delayMs: 1_000 });
    const started = Date.now();
    await expect(segip.verify(person)).rejects.toBeInstanceOf(SegipUnavailableError);
    expect(Date.now() - started).toBeLessThan(900);
    await control({ mode: 'normal' });
    expect(await segip.verify(person)).toEqual({ result: 'match' });
  });

  it('reports a refused connection as unavailable', async () => {
    const segip = httpSegipClient({ url: 'http://127.0.0.1:9', timeoutMs: 300 });
    await expect(segip.verify(person)).rejects.toBeInstanceOf(SegipUnavailableError);
  });
});
