import { postJson, withRetries } from '../http.js';
import { type SegipVerifyRequest, segipVerifyResponse } from './protocol.js';

/** What the application asks SEGIP about a person. */
export type SegipPerson = {
  carnet: string;
  complemento: string;
  name: string;
  paterno: string;
  materno: string;
  birthDate: string;
};

/** SEGIP's answer: the data match its registry, differ (with the fields that differ), or the document is unknown. */
export type SegipVerdict =
  | { result: 'match' }
  | { result: 'mismatch'; fields: string[] }
  | { result: 'unknown' };

/** The identity service behind an interface, so tests and the simulator can stand in for it. */
export type SegipClient = {
  verify(person: SegipPerson): Promise<SegipVerdict>;
};

/** SEGIP did not answer usefully (timeout, connection refused, 5xx, malformed body) even after the retry. */
export class SegipUnavailableError extends Error {
  constructor(cause: unknown) {
    super('SEGIP unavailable', { cause });
    this.name = 'SegipUnavailableError';
  }
}

export type HttpSegipOptions = {
  url: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Further attempts after a failed one. */
  retries?: number;
};

const fieldNames = {
  nombres: 'nombres',
  paterno: 'paterno',
  materno: 'materno',
  fechaNacimiento: 'fecha_nacimiento',
} as const;

async function attempt(url: string, body: SegipVerifyRequest, timeoutMs: number): Promise<SegipVerdict> {
  const parsed = segipVerifyResponse.parse(
    await postJson('SEGIP', url, '/v1/contrastacion', body, timeoutMs),
  );
  if (parsed.result === 'match') return { result: 'match' };
  if (parsed.result === 'unknown') return { result: 'unknown' };
  const fields = Object.entries(parsed.fields ?? {})
    .filter(([, ok]) => !ok)
    .map(([name]) => fieldNames[name as keyof typeof fieldNames]);
  return { result: 'mismatch', fields };
}

/**
 * The SEGIP adapter over HTTP: a timeout per attempt and one retry by default, because a dropped
 * connection or a slow answer is common and a verification is safe to repeat (it changes nothing).
 */
export function httpSegipClient(options: HttpSegipOptions): SegipClient {
  const timeoutMs = options.timeoutMs ?? 3_000;
  const retries = options.retries ?? 1;
  return {
    async verify(person) {
      const body: SegipVerifyRequest = {
        carnet: person.carnet,
        complemento: person.complemento,
        nombres: person.name,
        paterno: person.paterno,
        materno: person.materno,
        fechaNacimiento: person.birthDate,
      };
      return withRetries(
        retries,
        () => attempt(options.url, body, timeoutMs),
        (cause) => new SegipUnavailableError(cause),
      );
    },
  };
}
