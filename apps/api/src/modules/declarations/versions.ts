/** Finding, listing and sending a school's stored declaration versions. */
import {
  type DeclarationKind,
  type DeclarationVersion,
  declarationKindLabels,
  declarationMessages,
} from '@bjp/domain';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { sha256Hex } from './code.js';
import {
  currentDeclarationRow,
  declarationVersionRow,
  declaredContentRow,
  pdfOf,
  versionRows,
} from './queries.js';
import { declarationKindCode } from './store.js';

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

/**
 * Version `version` of a school's declaration of a kind stored for `year`: versions count per year
 * (decision 042), so the number alone names one version of each year. 404 in Spanish when none.
 */
export async function declarationVersionPdf(
  db: Executor,
  sie: number,
  kind: DeclarationKind,
  year: number,
  version: number,
): Promise<StoredPdf> {
  const row = await declarationVersionRow(db, sie, declarationKindCode[kind], year, version);
  if (!row) throw new AppError('not_found', declarationMessages.versionNotFound(version, year));
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
  return last ? declarationVersionPdf(db, sie, kind, year, last.version) : undefined;
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

/** The versions of a school's declarations of a kind stored for `year`, oldest first (1, 2… each year). */
export async function listVersions(
  db: Executor,
  sie: number,
  kind: DeclarationKind,
  year: number,
): Promise<{ items: DeclarationVersion[] }> {
  const rows = await versionRows(db, sie, declarationKindCode[kind], year);
  return {
    items: rows.map((r) => ({
      kind,
      kindLabel: declarationKindLabels[kind],
      year,
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

/**
 * What the declaration in force of a school, kind and year declares, as stored with its PDF (the
 * open year's current version, a closed year's last one), or null when none is stored: the one
 * definition of a consolidated declaration's figures on every surface (decision 046). Only a version
 * of the consolidation in force counts (`consolidatedAt`, when given).
 */
export async function declaredContent<T>(
  db: Executor,
  sie: number,
  kind: DeclarationKind,
  year: number,
  consolidatedAt?: Date,
): Promise<T | null> {
  const row = await declaredContentRow(db, sie, declarationKindCode[kind], year);
  if (!row) return null;
  if (consolidatedAt && new Date(row.consolidatedAt).getTime() !== consolidatedAt.getTime()) return null;
  const content = typeof row.content === 'string' ? JSON.parse(row.content) : row.content;
  return (content ?? null) as T | null;
}
