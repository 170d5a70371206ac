import path from 'node:path';
import { z } from 'zod';

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  APP_ENV: z
    .enum(['development', 'production'])
    .default('development')
    .describe('development shows the test banner'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().optional().describe('PostgreSQL server; unset means embedded PGlite in DATA_DIR'),
  MIGRATION_DATABASE_URL: z
    .string()
    .optional()
    .describe(
      'The owner of the tables, for migrations (and the first demo load); unset: DATABASE_URL. The application itself connects as DATABASE_URL (bjp_app in production)',
    ),
  DATA_DIR: z.string().default(path.resolve(process.cwd(), 'data')),
  JWT_SECRET: z.string().min(32).optional().describe('Unset: a secret is generated and kept in DATA_DIR'),
  ACCESS_TOKEN_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().positive().default(7),
  SEGIP_URL: z
    .string()
    .url()
    .optional()
    .describe('Unset: the bundled SEGIP simulator is started on loopback'),
  SERECI_URL: z.string().url().optional(),
  SINTESIS_URL: z.string().url().optional(),
  LOGIN_RATE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(120)
    .describe('Login attempts per address per minute'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .describe(
      'true only behind a proxy that overwrites X-Forwarded-For; else clients could forge their address',
    ),
  OPTION_SOURCE_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+(:\d{1,5})?$/, 'host or host:port')))
    .describe(
      'Comma-separated https hosts the form builder may load option lists from; added to the CSP connect-src (read at start: a restart applies a change)',
    ),
  DISK_MIN_FREE_MB: z.coerce
    .number()
    .int()
    .min(0)
    .default(200)
    .describe('Free space under DATA_DIR below which /health/ready answers 503 (disk: low)'),
  METRICS_TOKEN: z
    .string()
    .min(16)
    .optional()
    .describe('Bearer token for GET /metrics from outside loopback; unset: /metrics answers only loopback'),
  REDIS_URL: z
    .string()
    .url()
    .optional()
    .describe(
      'Redis shared by the instances behind a balancer (rate limits); unset: counted in each process. Redis down: each instance counts alone meanwhile (logged)',
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DOCUMENT_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .optional()
    .describe('Worker threads that render PDF and XLSX; unset: one less than the cores, at least 1'),
  DOCUMENTS_PER_USER: z.coerce
    .number()
    .int()
    .min(1)
    .default(2)
    .describe('Documents one user may have in the making at once; beyond it 429'),
  DOCUMENT_QUEUE: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe('Documents waiting for a worker, all users together; beyond it 429'),
  WEB_DIST: z.string().default(path.resolve(process.cwd(), 'apps/web/dist')),
  PUBLIC_ORIGIN: z
    .string()
    .url()
    .optional()
    .describe(
      'Address the public reaches the console at, printed in the QR code of declarations (/public/verificar/<code>); unset: http://HOST:PORT',
    ),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}
