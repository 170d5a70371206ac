import { formatCount, holderMessages } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { Executor } from '../../db/client.js';
import { declarationFileName } from '../../documents/holders/declaration-pdf.js';
import type { Render } from '../../documents/service.js';
import { AppError } from '../../lib/errors.js';
import {
  currentDeclaration,
  type StoredDeclaration,
  type StoredPdf,
  type StoreInput,
  storeDeclaration,
} from '../declarations/index.js';
import { declarationData } from './declaration-data.js';
import { consolidatedAtOf, consolidatedById } from './queries/consolidation.js';

/**
 * Stores the holders' sworn declaration of a consolidated school in the caller's transaction (a
 * first download's for a school consolidated before issue 12; the bench).
 */
export async function storeHoldersDeclaration(
  deps: AppDeps,
  tx: Executor,
  sie: number,
  render: Render,
  backfilled: boolean,
): Promise<StoredDeclaration> {
  return storeDeclaration(deps, tx, await holdersDeclarationInput(deps, tx, sie, render, backfilled));
}

/** What the holders' declaration of a consolidated school declares, read in `tx`, and how it renders. */
export async function holdersDeclarationInput(
  deps: AppDeps,
  tx: Executor,
  sie: number,
  render: Render,
  backfilled: boolean,
): Promise<StoreInput> {
  const data = await declarationData(deps, sie, tx);
  const by = await consolidatedById(tx, sie);
  const printedAt = deps.clock.now();
  const t = data.totals;
  return {
    sie,
    kind: 'holders',
    year: data.year,
    content: data,
    totals: [
      { label: 'Estudiantes inscritos', value: formatCount(t.total) },
      { label: 'Con titular registrado', value: formatCount(t.apoderados + t.maestros + t.directores) },
      { label: 'Titulares apoderados', value: formatCount(t.apoderados) },
      { label: 'Titulares maestros', value: formatCount(t.maestros) },
      { label: 'Titulares directores', value: formatCount(t.directores) },
      { label: 'Baja / sin titular', value: formatCount(t.removed) },
      { label: 'Pendientes', value: formatCount(t.pending) },
    ],
    consolidatedAt: data.consolidatedAt,
    consolidatedBy: by?.id ?? null,
    consolidatedByName: data.consolidatedBy,
    fileName: declarationFileName(sie, data.consolidatedAt),
    backfilled,
    render: (verification) => render('declarationPdf', { data, printedAt, verification }),
  };
}

/**
 * The school's current holders' declaration. A school consolidated before declarations were stored
 * (the demo data) has none: the first download renders it from today's data and stores it as its
 * version (backfilled), under the school's row lock so two first downloads store one.
 */
export async function holdersDeclarationForDownload(
  deps: AppDeps,
  sie: number,
  withRender: <T>(work: (render: Render) => Promise<T>) => Promise<T>,
): Promise<StoredPdf> {
  const stored = await currentDeclaration(deps.db, sie, 'holders');
  if (stored) return stored;
  const school = await consolidatedAtOf(deps.db, sie);
  if (!school?.at) throw new AppError('conflict', holderMessages.declarationBeforeConsolidation);
  return withRender((render) => backfillHolders(deps, sie, render));
}

/** Stores the missing current declaration under the school's lock; returns it. */
export async function backfillHolders(
  deps: AppDeps,
  sie: number,
  render: Render,
  db?: Executor,
): Promise<StoredPdf> {
  const work = async (tx: Executor) => {
    const school = await consolidatedAtOf(tx, sie, true);
    const again = await currentDeclaration(tx, sie, 'holders');
    if (again) return again;
    if (!school?.at) throw new AppError('conflict', holderMessages.declarationBeforeConsolidation);
    await storeHoldersDeclaration(deps, tx, sie, render, true);
    return (await currentDeclaration(tx, sie, 'holders'))!;
  };
  return db ? work(db) : deps.db.transaction(work);
}
