import {
  DEFAULT_PAGE_SIZE,
  type Page,
  type StepListQuery,
  type StepOnePage,
  type StepTwoPage,
  type SyncBatch,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import { toSyncBatch } from './batch.js';
import { batchById, batchHistoryPage, latestBatch, stepOnePage, stepTwoPage } from './queries/batches.js';

/** The batch a list shows: the one asked for (a day opened in the calendar) or the latest. */
async function listedBatch(deps: AppDeps, query: StepListQuery, sentOnly = false) {
  if (query.batch === undefined) return latestBatch(deps.db, sentOnly);
  const row = await batchById(deps.db, query.batch);
  return row && (!sentOnly || row.isSendChange) ? row : null;
}

/** 'Lista Paso 1': the changes of the latest batch, filtered by RUDE (prefix), 10 a page. */
export async function stepOneList(deps: AppDeps, query: StepListQuery): Promise<StepOnePage> {
  const batch = await listedBatch(deps, query);
  if (!batch) return { items: [], page: query.page, pageSize: DEFAULT_PAGE_SIZE, total: 0, batchDay: null };
  const { items, total } = await stepOnePage(deps.db, batch.id, query);
  return {
    items,
    page: query.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    batchDay: batch.day,
  };
}

/**
 * 'Lista Paso 2': the changes of the latest batch Síntesis received, with the cut it gave and, once
 * step 3 took the copy back, the state Síntesis recorded for each.
 */
export async function stepTwoList(deps: AppDeps, query: StepListQuery): Promise<StepTwoPage> {
  const batch = await listedBatch(deps, query, true);
  if (!batch) return { items: [], page: query.page, pageSize: DEFAULT_PAGE_SIZE, total: 0, batchDay: null };
  const { items: rows, total } = await stepTwoPage(deps.db, batch.id, query);
  return {
    items: rows.map((r) => ({
      id: r.id,
      cut: batch.cut ?? '',
      rude: r.rude,
      nombreBeneficiario: r.copyName ?? r.name,
      estado: r.estado,
    })),
    page: query.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    batchDay: batch.day,
  };
}

/** The consolidation history, newest day first. */
export async function history(deps: AppDeps, page: number): Promise<Page<SyncBatch>> {
  const { rows, total } = await batchHistoryPage(deps.db, page);
  return { items: rows.map(toSyncBatch), page, pageSize: DEFAULT_PAGE_SIZE, total };
}
