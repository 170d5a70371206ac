import {
  type DeclarationKind,
  type DeclarationVersion,
  declarationKindLabels,
  declarationMessages,
  type VerificationResult,
} from '@bjp/domain';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppDeps } from '../../app-types.js';
import type { Executor } from '../../db/client.js';
import type { VerificationStamp } from '../../documents/inputs.js';
import { AppError } from '../../lib/errors.js';
import { codeHash, newVerificationCode, normalizeCode, sha256Hex } from './code.js';
import {
  currentDeclarationRow,
  declarationByCodeHash,
  declarationVersionRow,
  insertDeclarationRow,
  lastVersion,
  markSuperseded,
  pdfOf,
  versionRows,
} from './queries.js';

/** Kinds as stored, the same codes as institution_enablings: 1 paid validation, 2 holder registration. */
export const declarationKindCode: Record<DeclarationKind, number> = { paid_validation: 1, holders: 2 };
const kindOf = (code: number): DeclarationKind => (code === 2 ? 'holders' : 'paid_validation');

/** One figure of a declaration's totals, as the public verification shows it. */
export type DeclaredTotal = { label: string; value: string };

export type StoreInput = {
  sie: number;
  kind: DeclarationKind;
  year: number;
  /** What the declaration declares (rows and totals), kept as jsonb. */
  content: unknown;
  totals: DeclaredTotal[];
  consolidatedAt: Date;
  consolidatedBy: number | null;
  consolidatedByName: string;
  fileName: string;
  backfilled: boolean;
  /** Renders the PDF with the stamp printed on it (the code is decided before rendering). */
  render: (stamp: VerificationStamp) => Promise<Buffer>;
};

export type StoredDeclaration = { id: number; version: number; verificationCode: string; sha256: string };

export const verificationUrl = (deps: AppDeps, code: string) =>
  `${publicOrigin(deps)}/public/verificar/${code}`;

function publicOrigin(deps: AppDeps): string {
  const configured = deps.config.PUBLIC_ORIGIN;
  if (configured) return configured.replace(/\/+$/, '');
  const host = deps.config.HOST === '0.0.0.0' ? '127.0.0.1' : deps.config.HOST;
  return `http://${host}:${deps.config.PORT}`;
}

/**
 * Stores a declaration in the caller's transaction: next version of (school, kind), a new
 * verification code, the PDF rendered with it, its SHA-256. The caller holds the school's row lock,
 * so versions of one school never race. A failed render throws and the transaction stores nothing.
 * Used by the backfill at first download; consolidations render before their transaction
 * (`consolidateWithDeclaration`).
 */
export async function storeDeclaration(
  deps: AppDeps,
  tx: Executor,
  input: StoreInput,
): Promise<StoredDeclaration> {
  const version = await nextVersion(tx, input.sie, input.kind);
  const code = newVerificationCode();
  const pdf = await input.render({ code, url: verificationUrl(deps, code), version });
  return insertDeclaration(deps, tx, input, version, code, pdf);
}

async function nextVersion(tx: Executor, sie: number, kind: DeclarationKind): Promise<number> {
  return (await lastVersion(tx, sie, declarationKindCode[kind])) + 1;
}

async function insertDeclaration(
  deps: AppDeps,
  tx: Executor,
  input: StoreInput,
  version: number,
  code: string,
  pdf: Buffer,
): Promise<StoredDeclaration> {
  // A new consolidation replaces whatever version was current. 'Habilitar' marks it when it reopens;
  // this only catches a reopening made some other way (by hand in the database), so that the new
  // version can be stored and the old one stays, superseded.
  if (!input.backfilled)
    await supersedeDeclaration(tx, input.sie, input.kind, deps.clock.now(), input.consolidatedBy ?? 0);
  const sha256 = sha256Hex(pdf);
  const row = await insertDeclarationRow(tx, {
    institutionId: input.sie,
    kind: declarationKindCode[input.kind],
    version,
    year: input.year,
    data: { totals: input.totals, content: input.content },
    pdf,
    sha256,
    fileName: input.fileName,
    verificationCode: code,
    codeHash: codeHash(normalizeCode(code)!),
    consolidatedAt: input.consolidatedAt,
    consolidatedBy: input.consolidatedBy,
    consolidatedByName: input.consolidatedByName,
    storedAt: deps.clock.now(),
    backfilled: input.backfilled ? 1 : 0,
  });
  return { id: row.id, version, verificationCode: code, sha256 };
}

/** JSON with object keys sorted at every level (Dates as ISO strings): equal data, equal text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

/** The SHA-256 of everything a declaration declares and prints, except the code and 'Impreso'. */
function declaredHash(input: StoreInput, version: number): string {
  const { render: _render, ...declared } = input;
  return sha256Hex(Buffer.from(canonicalJson({ ...declared, version })));
}

/**
 * One consolidation, run in a transaction with `now` as its moment: its checks and writes, then
 * `declare` reads what its declaration declares (in the same transaction, after the writes) and
 * `finish` writes what follows the stored declaration (the audit row…) and makes the answer.
 */
export type ConsolidationStep<T> = (
  tx: Executor,
  now: Date,
) => Promise<{
  declare: () => Promise<StoreInput>;
  finish: (stored: StoredDeclaration) => Promise<T>;
}>;

/** Timings of a consolidation with its declaration, for the bench (ms). */
export type ConsolidationTimings = {
  attempt: number;
  /** The rolled-back first pass: checks, writes, the declaration's data. */
  prepare: number;
  render: number;
  /** The consolidating transaction, whole. */
  transaction: number;
  /** Of which the declaration: re-reading its data, comparing, storing the row. */
  storing: number;
};

/** Test and bench hooks; unset in production. */
export const consolidationHooks: {
  /** Runs after the render, before the consolidating transaction (a test changes the data here). */
  afterRender?: (sie: number, kind: DeclarationKind) => Promise<void>;
  onTimings?: (sie: number, kind: DeclarationKind, t: ConsolidationTimings) => void;
} = {};

class DryRun extends Error {}
class ChangedWhileRendering extends Error {}

/**
 * A consolidation that stores its declaration (issue 12) without rendering the PDF inside its
 * transaction. First pass: the whole step runs in a transaction that is rolled back once the
 * declaration's data are read, so the consolidation is refused (with its own messages) before any
 * render, and the data are exactly those the consolidation will declare. The verification code is
 * drawn and the PDF rendered outside any transaction. Second pass, the real one: the step runs again
 * under the school's lock with the same `now`, re-reads the declaration's data (rows and totals,
 * ~0.1 s) and stores the rendered bytes only if a canonical hash of those data (and of the version)
 * equals the rendered ones'; otherwise nothing is written, and the whole is tried once more, then
 * refused with 409. A failed render throws before the real transaction: nothing is consolidated.
 */
export async function consolidateWithDeclaration<T>(
  deps: AppDeps,
  sie: number,
  kind: DeclarationKind,
  step: ConsolidationStep<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const now = deps.clock.now();
    let start = performance.now();
    let draft: { input: StoreInput; version: number } | undefined;
    try {
      await deps.db.transaction(async (tx) => {
        const { declare } = await step(tx, now);
        const input = await declare();
        draft = { input, version: await nextVersion(tx, sie, kind) };
        throw new DryRun();
      });
    } catch (error) {
      if (!(error instanceof DryRun)) throw error;
    }
    const { input, version } = draft!;
    const prepare = performance.now() - start;
    start = performance.now();
    const code = newVerificationCode();
    const pdf = await input.render({ code, url: verificationUrl(deps, code), version });
    const render = performance.now() - start;
    const rendered = declaredHash(input, version);
    await consolidationHooks.afterRender?.(sie, kind);
    start = performance.now();
    let storing = 0;
    try {
      const result = await deps.db.transaction(async (tx) => {
        const { declare, finish } = await step(tx, now);
        const storeStart = performance.now();
        const again = await declare();
        const againVersion = await nextVersion(tx, sie, kind);
        if (declaredHash(again, againVersion) !== rendered) throw new ChangedWhileRendering();
        const stored = await insertDeclaration(deps, tx, again, againVersion, code, pdf);
        storing = performance.now() - storeStart;
        return finish(stored);
      });
      const transaction = performance.now() - start;
      consolidationHooks.onTimings?.(sie, kind, { attempt, prepare, render, transaction, storing });
      return result;
    } catch (error) {
      if (!(error instanceof ChangedWhileRendering)) throw error;
      if (attempt >= 2) {
        const message = declarationMessages.changedWhileRendering;
        throw new AppError('conflict', message, { observations: [message] });
      }
    }
  }
}

/** Marks the school's current declaration of a kind superseded (a 'Habilitar' reopening), in the caller's transaction. */
export async function supersedeDeclaration(
  tx: Executor,
  sie: number,
  kind: DeclarationKind,
  at: Date,
  userId: number,
): Promise<number | null> {
  return markSuperseded(tx, sie, declarationKindCode[kind], at, userId);
}

export type StoredPdf = {
  version: number;
  /** Empty for a declaration recorded without its print (the demo seed's closed year). */
  pdf: Buffer;
  sha256: string;
  fileName: string;
  supersededAt: Date | null;
  year: number;
  verificationCode: string;
  consolidatedAt: Date;
  consolidatedByName: string;
};

/**
 * Stored PDFs never change (the trigger refuses any UPDATE of `pdf`), so their bytes are kept in the
 * process by SHA-256, the least recently served dropped past 64 MB: a download reads the row's few
 * columns and, most times, not the bytea (reading and decoding ~150 KB from PostgreSQL cost more than
 * the rest of the request). Keyed by the hash of the bytes, an entry can never be stale.
 */
const pdfCache = new LRUCache<string, Buffer>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (bytes) => bytes.length,
});

async function pdfBytes(db: Executor, id: number, sha256: string): Promise<Buffer> {
  const hit = pdfCache.get(sha256);
  if (hit) return hit;
  const pdf = await pdfOf(db, id);
  // Only bytes that are what their hash says are kept; a PDF larger than the whole cache is not.
  // (A row recorded without its print, with empty bytes, is not kept either: the cache sizes must be > 0.)
  if (pdf.length > 0 && pdf.length <= pdfCache.maxSize && sha256Hex(pdf) === sha256)
    pdfCache.set(sha256, pdf);
  return pdf;
}

async function withPdf(db: Executor, row: Omit<StoredPdf, 'pdf'> & { id: number }): Promise<StoredPdf> {
  const { id, ...rest } = row;
  return { ...rest, pdf: await pdfBytes(db, id, row.sha256) };
}

/** The current (not superseded) stored declaration of a kind, or null. */
export async function currentDeclaration(
  db: Executor,
  sie: number,
  kind: DeclarationKind,
): Promise<StoredPdf | null> {
  const row = await currentDeclarationRow(db, sie, declarationKindCode[kind]);
  return row ? withPdf(db, row) : null;
}

export async function declarationVersionPdf(
  db: Executor,
  sie: number,
  kind: DeclarationKind,
  version: number,
): Promise<StoredPdf> {
  const row = await declarationVersionRow(db, sie, declarationKindCode[kind], version);
  if (!row) throw new AppError('not_found', declarationMessages.versionNotFound);
  return withPdf(db, row);
}

/**
 * A closed year's declaration of a school (decision 040): the last version stored for that year,
 * as it was stored; 404 in Spanish when the school stored none that year.
 */
export async function lastDeclarationOfYear(
  db: Executor,
  sie: number,
  kind: DeclarationKind,
  year: number,
): Promise<StoredPdf> {
  const found = await declarationOfYear(db, sie, kind, year);
  if (!found) throw new AppError('not_found', declarationMessages.noneInYear(year));
  return found;
}

/** The last version of a school's declaration of a kind stored for `year`, or undefined. */
export async function declarationOfYear(
  db: Executor,
  sie: number,
  kind: DeclarationKind,
  year: number,
): Promise<StoredPdf | undefined> {
  const rows = await versionRows(db, sie, declarationKindCode[kind], year);
  const last = rows.at(-1);
  return last ? declarationVersionPdf(db, sie, kind, last.version) : undefined;
}

/**
 * Sends the stored bytes as they were stored, with a strong ETag (their SHA-256): the same
 * document for whoever asks, whenever. X-Declaration-Status says whether a later version replaced it.
 * No cache header here: it names students, so the API's default `no-store` applies (issue 13); the
 * ETag still lets a client that kept its own copy (a download folder) tell it is the same.
 */
export function sendStored(reply: FastifyReply, row: StoredPdf) {
  const etag = `"${row.sha256}"`;
  reply
    .header('etag', etag)
    .header('x-declaration-version', String(row.version))
    .header(
      'x-declaration-status',
      row.supersededAt ? declarationMessages.superseded : declarationMessages.current,
    );
  const inm = reply.request.headers['if-none-match'];
  if (inm?.split(',').some((t) => t.trim() === etag)) return reply.code(304).send();
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${row.fileName}"`)
    .send(row.pdf);
}

/** The versions of a school's declarations of a kind, oldest first. */
export async function listVersions(
  db: Executor,
  sie: number,
  kind: DeclarationKind,
  year?: number,
): Promise<{ items: DeclarationVersion[] }> {
  const rows = await versionRows(db, sie, declarationKindCode[kind], year);
  return {
    items: rows.map((r) => ({
      kind,
      kindLabel: declarationKindLabels[kind],
      version: r.version,
      consolidatedAt: r.consolidatedAt.toISOString(),
      consolidatedBy: r.consolidatedBy,
      sha256: r.sha256,
      verificationCode: r.verificationCode,
      supersededAt: r.supersededAt?.toISOString() ?? null,
      status: r.supersededAt ? declarationMessages.superseded : declarationMessages.current,
      backfilled: r.backfilled === 1,
    })),
  };
}

/** A hash no code has (a code's hash is of 16 base32 symbols): looked up for malformed input too. */
const DUMMY_HASH = codeHash('malformed-verification-code');

/**
 * The public verification. Malformed and unknown codes take the same path (one indexed lookup by
 * hash, a dummy one when the input cannot be a code), so their answer times do not tell them apart;
 * only then is the answer 400 or 404. Nothing personal is returned: the school, the kind, the
 * version, the dates, the totals and the PDF's SHA-256.
 */
export async function verifyCode(db: Executor, raw: string): Promise<VerificationResult> {
  const canonical = normalizeCode(raw);
  const row = await declarationByCodeHash(db, canonical ? codeHash(canonical) : DUMMY_HASH);
  if (!canonical) throw new AppError('bad_request', declarationMessages.malformedCode);
  if (!row) throw new AppError('not_found', declarationMessages.unknownCode);
  const kind = kindOf(row.kind);
  return {
    valid: true,
    code: row.code,
    sie: row.sie,
    institutionName: row.institutionName,
    kind,
    kindLabel: declarationKindLabels[kind],
    year: row.year,
    version: row.version,
    consolidatedAt: row.consolidatedAt.toISOString(),
    superseded: row.supersededAt !== null,
    supersededAt: row.supersededAt?.toISOString() ?? null,
    status: row.supersededAt ? declarationMessages.superseded : declarationMessages.current,
    sha256: row.sha256,
    totals: Array.isArray(row.totals) ? row.totals : [],
  };
}
