import { createHash } from 'node:crypto';

/**
 * The SERECI simulator's birth registry: a deterministic function from a student's RUDE and birth
 * date to the certificate (oficialía, libro, partida, folio) the registry holds. The data generator
 * computes the same certificates in SQL (certificateSql, equal by test), so the demo students' data
 * on file match the simulator without sharing a database with it.
 *
 * md5 is used as a stable hash available alike in node and in PostgreSQL/PGlite, not for security.
 */
export type BirthCertificate = { oficialia: string; libro: string; partida: string; folio: string };

/**
 * Oficialía numbers with a fixed behaviour, for tests and demonstrations (docs/decisions.md,
 * "SERECI"). Real oficialías stay below 3000, so these never collide with a registry record.
 */
export const SERECI_TEST_OFICIALIAS = {
  /** SERECI has no record with these data: the validation is refused. */
  unknown: '9000',
  /** The simulator answers 503 (service unavailable). */
  failure: '9001',
  /** The simulator answers after its slow delay, beyond the adapter's timeout. */
  slow: '9002',
} as const;

const ranges = { oficialia: [100, 2_900], libro: [1, 60], partida: [1, 300], folio: [1, 300] } as const;
const slices = { oficialia: 0, libro: 8, partida: 16, folio: 24 } as const;
type Field = keyof typeof ranges;
const fields = Object.keys(ranges) as Field[];

export function certificateFor(rude: string, birthDate: string): BirthCertificate {
  const hex = createHash('md5').update(`${rude.trim().toUpperCase()}|${birthDate}`).digest('hex');
  const value = (field: Field) => {
    const n = Number.parseInt(hex.slice(slices[field], slices[field] + 7), 16);
    const [from, span] = ranges[field];
    return String(from + (n % span));
  };
  return {
    oficialia: value('oficialia'),
    libro: value('libro'),
    partida: value('partida'),
    folio: value('folio'),
  };
}

/** The same function in SQL over a RUDE column and a birth-date column (date or 'yyyy-mm-dd' text). */
export function certificateSql(rude: string, birthDate: string): Record<Field, string> {
  const hash = `md5(upper(trim(${rude})) || '|' || (${birthDate})::text)`;
  const value = (field: Field) => {
    const [from, span] = ranges[field];
    return `(${from} + ('x0' || substr(${hash}, ${slices[field] + 1}, 7))::bit(32)::int % ${span})::text`;
  };
  return Object.fromEntries(fields.map((f) => [f, value(f)])) as Record<Field, string>;
}

/** Certificate fields compare trimmed, upper-cased and without leading zeros ('007' is '7'). */
export function comparableField(value: string): string {
  const text = value.trim().toUpperCase();
  return /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, '') : text;
}

export function differingFields(expected: BirthCertificate, given: BirthCertificate): Field[] {
  return fields.filter((f) => comparableField(expected[f]) !== comparableField(given[f]));
}
