/** The public verification of a printed declaration's code. */
import {
  type DeclarationKind,
  declarationKindLabels,
  declarationMessages,
  type VerificationResult,
} from '@bjp/domain';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { codeHash, normalizeCode } from './code.js';
import { declarationByCodeHash } from './queries.js';

const kindOf = (code: number): DeclarationKind => (code === 2 ? 'holders' : 'paid_validation');

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
