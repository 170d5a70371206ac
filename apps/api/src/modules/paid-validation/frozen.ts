import { declarationMessages, formatCount, paidMessages } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { Executor } from '../../db/client.js';
import { paidReportFileName } from '../../documents/paid-validation/report-pdf.js';
import type { Render } from '../../documents/service.js';
import { AppError } from '../../lib/errors.js';
import {
  currentDeclaration,
  declarationOfYear,
  type StoredDeclaration,
  type StoredPdf,
  type StoreInput,
  storeDeclaration,
} from '../declarations/index.js';
import { paidFacts } from './facts.js';
import { consolidatedByOfOpen } from './queries/facts.js';
import { paidReport, reportStudents } from './report.js';

/**
 * Stores the paid validation's declaration (DDJJ of a CEE, validation report of a UE) of the school's
 * open consolidation, in the caller's transaction (a first download's, for a school consolidated
 * before issue 12).
 */
export async function storePaidDeclaration(
  deps: AppDeps,
  tx: Executor,
  sie: number,
  consolidatedBy: number | null,
  render: Render,
  backfilled: boolean,
  year?: number,
): Promise<StoredDeclaration> {
  return storeDeclaration(
    deps,
    tx,
    await paidDeclarationInput(deps, tx, sie, consolidatedBy, render, backfilled, year),
  );
}

/** What the paid validation's declaration of the open consolidation (or `year`'s) declares, read in `tx`. */
export async function paidDeclarationInput(
  deps: AppDeps,
  tx: Executor,
  sie: number,
  consolidatedBy: number | null,
  render: Render,
  backfilled: boolean,
  year?: number,
): Promise<StoreInput> {
  const report = await paidReport(deps, sie, tx, year, true);
  const students = await reportStudents(deps, sie, report.year, tx);
  const printedAt = deps.clock.now();
  const consolidatedAt = new Date(report.consolidatedAt);
  return {
    sie,
    kind: 'paid_validation',
    year: report.year,
    content: { report, students },
    totals: [
      { label: 'Estudiantes', value: formatCount(report.totals.total) },
      { label: 'Declarados PAGADO', value: formatCount(report.totals.totalPaid) },
      { label: 'Declarados NO PAGADO', value: formatCount(report.totals.totalPending) },
      { label: 'Monto por estudiante (Bs.)', value: formatCount(report.amountPerStudent) },
      { label: paidMessages.saldoLabel, value: report.saldoText },
    ],
    consolidatedAt,
    consolidatedBy,
    consolidatedByName: report.consolidatedBy,
    fileName: paidReportFileName(report, consolidatedAt),
    backfilled,
    render: (verification) => render('paidReportPdf', { report, students, printedAt, verification }),
  };
}

/**
 * The current paid-validation declaration; for a school consolidated before declarations were stored,
 * rendered and stored at its first download (backfilled), under the school's row lock.
 */
export async function paidDeclarationForDownload(
  deps: AppDeps,
  sie: number,
  withRender: <T>(work: (render: Render) => Promise<T>) => Promise<T>,
): Promise<StoredPdf> {
  const stored = await currentDeclaration(deps.db, sie, 'paid_validation');
  if (stored) return stored;
  const facts = await paidFacts(deps.db, sie);
  if (!facts.consolidation) throw new AppError('conflict', paidMessages.reportBeforeConsolidation);
  return withRender((render) => backfillPaid(deps, sie, render));
}

export async function backfillPaid(
  deps: AppDeps,
  sie: number,
  render: Render,
  db?: Executor,
): Promise<StoredPdf> {
  const work = async (tx: Executor) => {
    const facts = await paidFacts(tx, sie, 'no key update');
    const again = await currentDeclaration(tx, sie, 'paid_validation');
    if (again) return again;
    if (!facts.consolidation) throw new AppError('conflict', paidMessages.reportBeforeConsolidation);
    const by = await consolidatedByOfOpen(tx, sie);
    await storePaidDeclaration(deps, tx, sie, by ?? null, render, true);
    return (await currentDeclaration(tx, sie, 'paid_validation'))!;
  };
  return db ? work(db) : deps.db.transaction(work);
}

/**
 * A closed year's paid-validation declaration (decision 040): the last version stored for that year;
 * for a school whose consolidation of that year has none stored yet (the demo data), rendered from
 * that year's consolidation, validations and frozen amount and stored at its first download
 * (backfilled), under the school's row lock. Nothing of the open year is read or written.
 */
export async function paidDeclarationOfYear(
  deps: AppDeps,
  sie: number,
  year: number,
  withRender: <T>(work: (render: Render) => Promise<T>) => Promise<T>,
): Promise<StoredPdf> {
  const stored = await declarationOfYear(deps.db, sie, 'paid_validation', year);
  if (stored) return stored;
  const facts = await paidFacts(deps.db, sie, undefined, year);
  if (!facts.consolidation) throw new AppError('not_found', declarationMessages.noneInYear(year));
  return withRender((render) =>
    deps.db.transaction(async (tx) => {
      await paidFacts(tx, sie, 'no key update', year);
      const again = await declarationOfYear(tx, sie, 'paid_validation', year);
      if (again) return again;
      const by = await consolidatedByOfOpen(tx, sie, year);
      await storePaidDeclaration(deps, tx, sie, by ?? null, render, true, year);
      return (await declarationOfYear(tx, sie, 'paid_validation', year))!;
    }),
  );
}
