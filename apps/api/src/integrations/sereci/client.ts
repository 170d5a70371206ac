import { postJson, withRetries } from '../http.js';
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

export type HttpSereciOptions = { url: string; timeoutMs?: number; retries?: number };

async function attempt(url: string, body: SereciVerifyRequest, timeoutMs: number): Promise<SereciVerdict> {
  const parsed = sereciVerifyResponse.parse(
    await postJson('SERECI', url, '/v1/verificacion', body, timeoutMs),
  );
  if (parsed.result !== 'mismatch') return { result: parsed.result };
  const fields = Object.entries(parsed.fields ?? {})
    .filter(([, ok]) => !ok)
    .map(([name]) => name as keyof BirthCertificate);
  return { result: 'mismatch', fields };
}

/**
 * The SERECI adapter over HTTP: a timeout per attempt and one retry, because a verification changes
 * nothing on SERECI's side and is safe to repeat.
 */
export function httpSereciClient(options: HttpSereciOptions): SereciClient {
  const timeoutMs = options.timeoutMs ?? 3_000;
  const retries = options.retries ?? 1;
  return {
    async verify(query) {
      const body: SereciVerifyRequest = {
        rude: query.rude,
        fechaNacimiento: query.birthDate,
        oficialia: query.oficialia,
        libro: query.libro,
        partida: query.partida,
        folio: query.folio,
      };
      return withRetries(
        retries,
        () => attempt(options.url, body, timeoutMs),
        (cause) => new SereciUnavailableError(cause),
      );
    },
  };
}
