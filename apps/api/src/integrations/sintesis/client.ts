import { z } from 'zod';
import {
  type SintesisBeneficiary,
  type SintesisChange,
  type SintesisCopyItem,
  type SintesisPayment,
  type SintesisState,
  sintesisCloseResponse,
  sintesisCopyPage,
  sintesisPaymentAnswer,
  sintesisState,
} from './protocol.js';

/** The paying bank's system behind an interface (deps.integrations.sintesis). */
export type SintesisClient = {
  /** Whether Síntesis receives changes now, and whether the copy of `batch` is ready. */
  state(batch?: string): Promise<SintesisState>;
  sendPage(batch: string, page: number, day: string, changes: SintesisChange[]): Promise<void>;
  closeBatch(batch: string, total: number, pages: number): Promise<{ cut: string; total: number }>;
  readCopy(
    batch: string,
    after: number,
    limit: number,
  ): Promise<{ items: SintesisCopyItem[]; next: number | null }>;
  /** The payments Síntesis holds for a page of beneficiaries (only the paid ones come back). */
  queryPayments(beneficiaries: SintesisBeneficiary[]): Promise<SintesisPayment[]>;
};

/**
 * Síntesis answered with an error or not at all. `message` is Síntesis' own message when it sent one
 * (the console shows it); `refused` tells a deliberate refusal (4xx) from a failure.
 */
export class SintesisError extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'SintesisError';
  }
}

/**
 * 'Síntesis envió una respuesta no válida', naming the record and the field when the answer's shape
 * was checked (pagos[3].fechaPago → 'registro 4, campo fechaPago'), so the operator can tell the bank
 * which record to correct.
 */
export function invalidAnswerMessage(error: unknown): string {
  if (!(error instanceof z.ZodError) || !error.issues[0]) return 'Síntesis envió una respuesta no válida.';
  const path = error.issues[0].path;
  const index = path.findIndex((part) => typeof part === 'number');
  const field = path.filter((part) => typeof part === 'string').at(-1);
  if (index < 0) return `Síntesis envió una respuesta no válida (campo ${String(field ?? '?')}).`;
  const record = Number(path[index]) + 1;
  return `Síntesis envió una respuesta no válida: registro ${record}${field && index < path.length - 1 ? `, campo ${String(field)}` : ''}.`;
}

export type HttpSintesisOptions = { url: string; timeoutMs?: number; retries?: number };

async function readMessage(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON: the status line below says enough.
  }
  return `Síntesis respondió ${res.status}.`;
}

/**
 * The Síntesis adapter over HTTP: a timeout per attempt and one retry on failures (not on
 * refusals), because every call is idempotent: pages are replaced, closing twice gives the same cut,
 * copies and payment queries only read.
 */
export function httpSintesisClient(options: HttpSintesisOptions): SintesisClient {
  const base = options.url.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retries = options.retries ?? 1;

  async function call<T extends z.ZodTypeAny>(
    method: string,
    path: string,
    schema: T | null,
    body?: unknown,
  ): Promise<z.infer<T>> {
    let lastError: unknown;
    for (let i = 0; i <= retries; i++) {
      let res: Response;
      try {
        res = await fetch(`${base}${path}`, {
          method,
          headers: {
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        lastError = new SintesisError('Síntesis no responde.', false, error);
        continue;
      }
      if (res.status >= 400 && res.status < 500) throw new SintesisError(await readMessage(res), true);
      if (!res.ok) {
        lastError = new SintesisError(await readMessage(res), false);
        continue;
      }
      try {
        const json: unknown = await res.json();
        return (schema ? schema.parse(json) : json) as z.infer<T>;
      } catch (error) {
        lastError = new SintesisError(invalidAnswerMessage(error), false, error);
      }
    }
    throw lastError instanceof SintesisError
      ? lastError
      : new SintesisError('Síntesis no responde.', false, lastError);
  }

  const lote = (batch: string) => encodeURIComponent(batch);
  return {
    state: (batch) => call('GET', `/v1/estado${batch ? `?lote=${lote(batch)}` : ''}`, sintesisState),
    async sendPage(batch, page, day, changes) {
      await call('PUT', `/v1/lotes/${lote(batch)}/paginas/${page}`, null, { dia: day, cambios: changes });
    },
    async closeBatch(batch, total, pages) {
      const res = await call('POST', `/v1/lotes/${lote(batch)}/cierre`, sintesisCloseResponse, {
        total,
        paginas: pages,
      });
      return { cut: res.corte, total: res.total };
    },
    async readCopy(batch, after, limit) {
      const res = await call(
        'GET',
        `/v1/lotes/${lote(batch)}/copia?desde=${after}&limite=${limit}`,
        sintesisCopyPage,
      );
      return { items: res.items, next: res.siguiente };
    },
    async queryPayments(beneficiaries) {
      const res = await call('POST', '/v1/pagos/consulta', sintesisPaymentAnswer, {
        beneficiarios: beneficiaries,
      });
      return res.pagos;
    },
  };
}
