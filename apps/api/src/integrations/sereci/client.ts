import { type HttpVerifierOptions, httpVerifier } from '../http.js';
import { type SereciVerifyRequest, sereciVerifyResponse } from './protocol.js';
import type { BirthCertificate } from './registry.js';

/** What the application asks SERECI about a student's birth certificate. */
export type SereciQuery = BirthCertificate & { rude: string; birthDate: string };

/** SERECI's answer: the certificate matches its record, differs (naming the fields), or is unknown. */
export type SereciVerdict =
  | { result: 'match' }
  | { result: 'mismatch'; fields: Array<keyof BirthCertificate> }
  | { result: 'unknown' };

/** The birth registry behind an interface, so tests and the simulator can stand in for it. */
export type SereciClient = { verify(query: SereciQuery): Promise<SereciVerdict> };

/** SERECI did not answer usefully (timeout, refused connection, 5xx, malformed body) even after the retry. */
export class SereciUnavailableError extends Error {
  constructor(cause: unknown) {
    super('SERECI unavailable', { cause });
    this.name = 'SereciUnavailableError';
  }
}

export type HttpSereciOptions = HttpVerifierOptions;

/** SERECI's answer as a verdict, naming the fields that differ. */
function verdict(answer: unknown): SereciVerdict {
  const parsed = sereciVerifyResponse.parse(answer);
  if (parsed.result !== 'mismatch') return { result: parsed.result };
  const fields = Object.entries(parsed.fields ?? {})
    .filter(([, ok]) => !ok)
    .map(([name]) => name as keyof BirthCertificate);
  return { result: 'mismatch', fields };
}

/** The SERECI adapter over HTTP (see httpVerifier: a timeout per attempt and one retry by default). */
export function httpSereciClient(options: HttpSereciOptions): SereciClient {
  return httpVerifier(options, {
    system: 'SERECI',
    path: '/v1/verificacion',
    body: (query: SereciQuery): SereciVerifyRequest => ({
      rude: query.rude,
      fechaNacimiento: query.birthDate,
      oficialia: query.oficialia,
      libro: query.libro,
      partida: query.partida,
      folio: query.folio,
    }),
    verdict,
    unavailable: (cause) => new SereciUnavailableError(cause),
  });
}
