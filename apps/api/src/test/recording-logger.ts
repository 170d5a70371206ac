import type { FastifyBaseLogger } from 'fastify';

export type LogLine = { level: string; msg?: string } & Record<string, unknown>;

/**
 * A Fastify logger that keeps every line in memory, so a test can assert what the server wrote (and
 * what it must never write) without a log file. Child loggers add their bindings (reqId…) to each line.
 */
export function recordingLogger(): { logger: FastifyBaseLogger; lines: LogLine[]; text(): string } {
  const lines: LogLine[] = [];
  const make = (bindings: Record<string, unknown>): FastifyBaseLogger => {
    const write =
      (level: string) =>
      (first?: unknown, ...rest: unknown[]) => {
        const fields = first && typeof first === 'object' ? (first as Record<string, unknown>) : {};
        const msg = typeof first === 'string' ? first : typeof rest[0] === 'string' ? rest[0] : undefined;
        lines.push({ ...bindings, ...serialise(fields), level, msg });
      };
    return {
      level: 'trace',
      trace: write('trace'),
      debug: write('debug'),
      info: write('info'),
      warn: write('warn'),
      error: write('error'),
      fatal: write('fatal'),
      silent: () => {},
      child: (more: Record<string, unknown>) => make({ ...bindings, ...more }),
    } as unknown as FastifyBaseLogger;
  };
  return { logger: make({}), lines, text: () => lines.map((l) => JSON.stringify(l)).join('\n') };
}

/** Errors as pino would write them: message, stack and every own property (cause included). */
function serialise(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    // Fastify's request and reply objects: what pino's default serializers keep of them.
    if (key === 'req') out[key] = pick(value, ['method', 'url']);
    else if (key === 'res') out[key] = pick(value, ['statusCode']);
    else out[key] = value instanceof Error ? errorFields(value) : value;
  }
  return out;
}

function pick(value: unknown, keys: string[]): Record<string, unknown> {
  const source = (value ?? {}) as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, source[k]]));
}

function errorFields(error: Error): Record<string, unknown> {
  const own: Record<string, unknown> = {};
  for (const key of Object.getOwnPropertyNames(error)) {
    const value = (error as unknown as Record<string, unknown>)[key];
    own[key] = value instanceof Error ? errorFields(value) : value;
  }
  return { type: error.name, message: error.message, stack: error.stack, ...own };
}
