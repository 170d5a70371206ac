import { type HttpVerifierOptions, httpVerifier } from '../http.js';
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

export type HttpSegipOptions = HttpVerifierOptions;

const fieldNames = {
  nombres: 'nombres',
  paterno: 'paterno',
  materno: 'materno',
  fechaNacimiento: 'fecha_nacimiento',
} as const;

/** SEGIP's answer as a verdict, naming the fields that differ. */
function verdict(answer: unknown): SegipVerdict {
  const parsed = segipVerifyResponse.parse(answer);
  if (parsed.result === 'match') return { result: 'match' };
  if (parsed.result === 'unknown') return { result: 'unknown' };
  const fields = Object.entries(parsed.fields ?? {})
    .filter(([, ok]) => !ok)
    .map(([name]) => fieldNames[name as keyof typeof fieldNames]);
  return { result: 'mismatch', fields };
}

/** The SEGIP adapter over HTTP (see httpVerifier: a timeout per attempt and one retry by default). */
export function httpSegipClient(options: HttpSegipOptions): SegipClient {
  return httpVerifier(options, {
    system: 'SEGIP',
    path: '/v1/contrastacion',
    body: (person: SegipPerson): SegipVerifyRequest => ({
      carnet: person.carnet,
      complemento: person.complemento,
      nombres: person.name,
      paterno: person.paterno,
      materno: person.materno,
      fechaNacimiento: person.birthDate,
    }),
    verdict,
    unavailable: (cause) => new SegipUnavailableError(cause),
  });
}
