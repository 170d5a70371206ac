import { createHash } from 'node:crypto';
import type { AppDeps } from '../../app-types.js';
import type { Render } from '../../documents/service.js';
import { type StoredPdf, verificationUrl } from '../declarations/index.js';
import { declarationDataOfYear } from './declaration-data.js';

/**
 * A stored holders declaration as it is downloaded. The demo seed's closed year records each
 * school's declaration (its date, author, totals and verification code: what 'CONCLUIDO' and the
 * public verification read, decision 040) without its print; such a row's bytes are empty, and the
 * stored rows never change (migration 0015's trigger), so its PDF is rendered on demand from that
 * year's list with the row's own code and version, and not stored. It is printed as of its
 * consolidation (the footer's 'Impreso' and the file's creation date), so every download of it gives
 * the same bytes and the same SHA-256, as a stored one does. Any other row is sent as stored.
 */
export async function printedDeclaration(
  deps: AppDeps,
  sie: number,
  row: StoredPdf,
  withRender: <T>(work: (render: Render) => Promise<T>) => Promise<T>,
): Promise<StoredPdf> {
  if (row.pdf.length > 0) return row;
  const data = await declarationDataOfYear(
    deps.db,
    sie,
    row.year,
    row.consolidatedAt,
    row.consolidatedByName,
  );
  const code = row.verificationCode;
  const pdf = await withRender((render) =>
    render('declarationPdf', {
      data,
      printedAt: row.consolidatedAt,
      verification: { code, url: verificationUrl(deps, code), version: row.version },
    }),
  );
  return { ...row, pdf, sha256: createHash('sha256').update(pdf).digest('hex') };
}
