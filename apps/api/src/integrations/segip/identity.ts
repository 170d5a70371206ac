import { addDays } from '@bjp/domain';
import { adultFemaleNames, adultMaleNames, andeanSurnames, lowlandSurnames } from '../../db/seed/names.js';
import { textArray } from '../../db/seed/sql-random.js';

/**
 * The SEGIP simulator's registry: a deterministic function from an identity document (carnet +
 * complemento) to the person SEGIP holds, or null when SEGIP does not know the document. The data
 * generator gives its persons the same identities (identitySql below, equal by test), so the
 * simulator knows every demo person without sharing a database with the application.
 *
 * Integer arithmetic only (int8 in SQL, BigInt here) so both sides agree bit for bit.
 */
export type SegipIdentity = {
  carnet: string;
  complemento: string;
  paterno: string;
  materno: string;
  name: string;
  birthDate: string;
  gender: 1 | 2;
};

/** Documents with a fixed behaviour, for tests and demonstrations (decision 007, the SEGIP simulator). */
export const SEGIP_TEST_CARNETS = {
  /** SEGIP does not know this document. */
  unknown: '99000001',
  /** The simulator answers after SIMULATOR_SLOW_MS, beyond the adapter's timeout. */
  slow: '99000002',
  /** The simulator answers 503 (service unavailable). */
  failure: '99000003',
} as const;

const MOD = 2_147_483_647n;
const surnames = [...andeanSurnames, ...lowlandSurnames];

/**
 * Documents from ENCODED_BASE up carry the first surname and the gender in their number: bucket
 * (surname index × 2 + gender − 1) of BUCKET_SIZE documents each. The generator numbers its persons
 * this way so that a mother keeps the student's second surname as her first and a MADRE is a woman,
 * while SEGIP still derives everything from the document alone. The last surname is '' (none).
 */
export const ENCODED_BASE = 20_000_000;
export const BUCKET_SIZE = 300_000;
export const registrySurnames: readonly string[] = [...new Set(surnames), ''];
const ENCODED_END = ENCODED_BASE + registrySurnames.length * 2 * BUCKET_SIZE;

/** The document number the generator gives the `seq`-th person with this first surname and gender. */
export function encodedCarnet(paterno: string, gender: 1 | 2, seq: number): string {
  const index = registrySurnames.indexOf(paterno);
  if (index < 0 || seq < 0 || seq >= BUCKET_SIZE) throw new Error(`cannot encode ${paterno} #${seq}`);
  return String(ENCODED_BASE + (index * 2 + gender - 1) * BUCKET_SIZE + seq);
}
const BIRTH_FROM = '1950-01-01';
/** Birth dates from 1950-01-01 to 2006-12-31: every titular is an adult in 2025. */
const BIRTH_DAYS = 20_818;
/** One document in 200 is unknown to SEGIP. */
const UNKNOWN_PER_MILLE = 5;

/** Complement letters as one number: the char codes of up to four characters, little-endian base 256. */
function complementKey(complemento: string): bigint {
  let key = 0n;
  for (let i = 0; i < Math.min(4, complemento.length); i++)
    key += BigInt(complemento.charCodeAt(i)) * 256n ** BigInt(i);
  return key;
}

function mix(carnet: bigint, complement: bigint, salt: number): number {
  let x = ((carnet % MOD) * 48_271n + complement * 16_807n + BigInt(salt) * 69_621n) % MOD;
  x = (x * 1_103_515_245n + 12_345n) % MOD;
  x ^= x >> 13n;
  return Number((x * 69_621n) % MOD);
}

export function identityFor(carnetText: string, complementoText = ''): SegipIdentity | null {
  const carnet = carnetText.trim().toUpperCase();
  const complemento = complementoText.trim().toUpperCase();
  if (!/^\d{4,15}$/.test(carnet) || !/^[0-9A-Z]{0,4}$/.test(complemento)) return null;
  if (Object.values(SEGIP_TEST_CARNETS).includes(carnet as never)) return null;
  const c = BigInt(carnet);
  const k = complementKey(complemento);
  const h = (salt: number) => mix(c, k, salt);
  if (h(1) % 1000 < UNKNOWN_PER_MILLE) return null;
  const n = Number(c);
  const bucket = n >= ENCODED_BASE && n < ENCODED_END ? Math.floor((n - ENCODED_BASE) / BUCKET_SIZE) : null;
  const gender = (bucket === null ? 1 + (h(2) % 2) : 1 + (bucket % 2)) as 1 | 2;
  const given = gender === 1 ? adultMaleNames : adultFemaleNames;
  const first = given[h(6) % given.length]!;
  const second = given[h(8) % given.length]!;
  const nombres = h(7) % 100 < 55 && first !== second ? `${first} ${second}` : first;
  const birth = addDays(BIRTH_FROM, h(9) % BIRTH_DAYS);
  return {
    carnet,
    complemento,
    paterno: bucket === null ? surnames[h(3) % surnames.length]! : registrySurnames[Math.floor(bucket / 2)]!,
    materno: h(5) % 100 < 4 ? '' : surnames[h(4) % surnames.length]!,
    name: nombres,
    birthDate: birth,
    gender,
  };
}

/**
 * The same function in SQL over a carnet and a complemento column, for set-based generation.
 * Returns column expressions; `known` is false where identityFor returns null. The carnet must be
 * digits (the generator's are).
 */
export function identitySql(carnet: string, complemento: string) {
  const k = [0, 1, 2, 3]
    .map((i) => `coalesce(ascii(nullif(substr(${complemento}, ${i + 1}, 1), '')), 0)::int8 * ${256 ** i}`)
    .join(' + ');
  const h = (salt: number) => {
    const x1 = `((((${carnet})::int8 % ${MOD}) * 48271 + (${k}) * 16807 + ${salt} * 69621) % ${MOD})`;
    const x2 = `((${x1} * 1103515245 + 12345) % ${MOD})`;
    return `(((${x2} # (${x2} >> 13)) * 69621) % ${MOD})`;
  };
  const pick = (items: readonly string[], salt: number) =>
    `(${textArray(items)})[1 + ${h(salt)} % ${items.length}]`;
  const n = `(${carnet})::int8`;
  const encoded = `(${n} >= ${ENCODED_BASE} AND ${n} < ${ENCODED_END})`;
  const bucket = `((${n} - ${ENCODED_BASE}) / ${BUCKET_SIZE})`;
  const gender = `(CASE WHEN ${encoded} THEN 1 + ${bucket} % 2 ELSE 1 + ${h(2)} % 2 END)::smallint`;
  const given = (salt: number) =>
    `CASE WHEN ${gender} = 1 THEN ${pick(adultMaleNames, salt)} ELSE ${pick(adultFemaleNames, salt)} END`;
  return {
    known: `(${h(1)} % 1000 >= ${UNKNOWN_PER_MILLE})`,
    gender,
    paterno: `CASE WHEN ${encoded} THEN (${textArray(registrySurnames)})[1 + ${bucket} / 2] ELSE ${pick(surnames, 3)} END`,
    materno: `CASE WHEN ${h(5)} % 100 < 4 THEN '' ELSE ${pick(surnames, 4)} END`,
    name: `CASE WHEN ${h(7)} % 100 < 55 AND ${given(6)} <> ${given(8)} THEN ${given(6)} || ' ' || ${given(8)} ELSE ${given(6)} END`,
    birthDate: `(DATE '1950-01-01' + (${h(9)} % ${BIRTH_DAYS})::int)`,
  };
}
