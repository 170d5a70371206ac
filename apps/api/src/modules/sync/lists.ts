import {
  DEFAULT_PAGE_SIZE,
  type Page,
  type StepListQuery,
  type StepOnePage,
  type StepTwoPage,
  type SyncBatch,
} from '@bjp/domain';
import { and, asc, count, desc, eq, like } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import { students, syncBatches, syncBatchItems, syncCopyItems } from '../../db/schema/index.js';
import { batchColumns, latestBatch, toSyncBatch } from './batch.js';

/** The batch a list shows: the one asked for (a day opened in the calendar) or the latest. */
async function listedBatch(deps: AppDeps, query: StepListQuery, sentOnly = false) {
  if (query.batch === undefined) return latestBatch(deps.db, sentOnly);
  const [row] = await deps.db.select().from(syncBatches).where(eq(syncBatches.id, query.batch));
  return row && (!sentOnly || row.isSendChange) ? row : null;
}

const rudeFilter = (rude?: string) =>
  rude ? like(students.rude, `${rude.replace(/[%_\\]/g, '\\$&')}%`) : undefined;

/** 'Lista Paso 1': the changes of the latest batch, filtered by RUDE (prefix), 10 a page. */
export async function stepOneList(deps: AppDeps, query: StepListQuery): Promise<StepOnePage> {
  const batch = await listedBatch(deps, query);
  if (!batch) return { items: [], page: query.page, pageSize: DEFAULT_PAGE_SIZE, total: 0, batchDay: null };
  const where = and(eq(syncBatchItems.batchId, batch.id), rudeFilter(query.rude));
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        id: syncBatchItems.id,
        codigoRude: students.rude,
        paternoEst: students.firstLastName,
        maternoEst: students.secondLastName,
        nombreEst: students.name,
        descripcion: syncBatchItems.description,
      })
      .from(syncBatchItems)
      .innerJoin(students, eq(students.id, syncBatchItems.studentId))
      .where(where)
      .orderBy(asc(syncBatchItems.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((query.page - 1) * DEFAULT_PAGE_SIZE),
    deps.db
      .select({ n: count() })
      .from(syncBatchItems)
      .innerJoin(students, eq(students.id, syncBatchItems.studentId))
      .where(where),
  ]);
  return {
    items: rows,
    page: query.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total: total?.n ?? 0,
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
  const where = and(eq(syncBatchItems.batchId, batch.id), rudeFilter(query.rude));
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        id: syncBatchItems.id,
        rude: students.rude,
        name: syncBatchItems.beneficiaryName,
        copyName: syncCopyItems.beneficiaryName,
        estado: syncCopyItems.status,
      })
      .from(syncBatchItems)
      .innerJoin(students, eq(students.id, syncBatchItems.studentId))
      .leftJoin(syncCopyItems, eq(syncCopyItems.itemId, syncBatchItems.id))
      .where(where)
      .orderBy(asc(syncBatchItems.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((query.page - 1) * DEFAULT_PAGE_SIZE),
    deps.db
      .select({ n: count() })
      .from(syncBatchItems)
      .innerJoin(students, eq(students.id, syncBatchItems.studentId))
      .where(where),
  ]);
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
    total: total?.n ?? 0,
    batchDay: batch.day,
  };
}

/** The consolidation history, newest day first. */
export async function history(deps: AppDeps, page: number): Promise<Page<SyncBatch>> {
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(batchColumns)
      .from(syncBatches)
      .orderBy(desc(syncBatches.day))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((page - 1) * DEFAULT_PAGE_SIZE),
    deps.db.select({ n: count() }).from(syncBatches),
  ]);
  return { items: rows.map(toSyncBatch), page, pageSize: DEFAULT_PAGE_SIZE, total: total?.n ?? 0 };
}
