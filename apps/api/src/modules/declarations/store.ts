/** Storing a declaration: its version, verification code, PDF and row (decision 042: versions per year). */
import type { DeclarationKind } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { Executor } from '../../db/client.js';
import type { VerificationStamp } from '../../documents/inputs.js';
import { codeHash, newVerificationCode, normalizeCode, sha256Hex } from './code.js';
import { insertDeclarationRow, lastVersion, markSuperseded } from './queries.js';

/** Kinds as stored, the same codes as institution_enablings: 1 paid validation, 2 holder registration. */
export const declarationKindCode: Record<DeclarationKind, number> = { paid_validation: 1, holders: 2 };

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
 * Stores a declaration in the caller's transaction: next version of (school, kind, year), a new
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
  const version = await nextVersion(tx, input.sie, input.kind, input.year);
  const code = newVerificationCode();
  const pdf = await input.render({ code, url: verificationUrl(deps, code), version });
  return insertDeclaration(deps, tx, input, version, code, pdf);
}

/**
 * The version a new declaration of `year` takes: one more than the school's last of that kind and
 * year (decision 042), so a year's first declaration is 'versión 1' whatever earlier years stored.
 * Two stores of one school cannot both read the same last version: every caller holds the school's
 * institutions row locked (its consolidating UPDATE, or FOR NO KEY UPDATE) until its transaction
 * ends, whatever the year, and the unique index on (school, kind, year, version) would refuse the
 * second row of a caller that did not.
 */
export async function nextVersion(
  tx: Executor,
  sie: number,
  kind: DeclarationKind,
  year: number,
): Promise<number> {
  return (await lastVersion(tx, sie, declarationKindCode[kind], year)) + 1;
}

/** Inserts the declaration row (superseding the open year's current one first); its id and version. */
export async function insertDeclaration(
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
