import {
  DEFAULT_PAGE_SIZE,
  type ObservedKind,
  type ObservedRecordCounts,
  type ObservedReport,
  type ObservedRow,
  type ObservedSummary,
  observedKindDescriptions,
  observedKindLabels,
  observedKinds,
} from '@bjp/domain';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import type { ObservedDocument } from '../../documents/inputs.js';
import { yearToRead } from '../settings/index.js';
import {
  type ObservedRaw,
  type ObservedRawRow,
  observedCountsQuery,
  observedQuery,
} from './queries/observed.js';
import type { ReconciliationRef } from './queries/reconciliation.js';
import { resolvePlace } from './reconciliation.js';

function summaryOf(raw: ObservedRaw): ObservedSummary {
  const byKind = new Map(raw.figures.map((f) => [f.kind, f]));
  return {
    kinds: observedKinds.map((kind) => ({
      kind,
      label: observedKindLabels[kind],
      description: observedKindDescriptions[kind],
      students: byKind.get(kind)?.students ?? 0,
      amount: Number(byKind.get(kind)?.amount ?? 0),
    })),
    students: raw.students,
    amount: Number(raw.amount),
  };
}

const toRow = (r: ObservedRawRow, rowNumber: number): ObservedRow => ({
  rowNumber,
  departmentName: r.department_name,
  districtId: r.district_id,
  districtName: r.district_name,
  sie: r.sie,
  schoolName: r.school_name,
  rude: r.rude,
  studentName: r.student_name,
  titularCarnet: r.titular_carnet,
  titularName: r.titular_name,
  paidOn: r.paid_on,
  receivedOn: r.received_on,
  bank: r.bank,
  mode: r.mode,
  amount: r.amount,
  // In the report's order, whatever order the statement built the array in.
  kinds: observedKinds.filter((k) => r.kinds.includes(k)),
  kindLabels: observedKinds.filter((k) => r.kinds.includes(k)).map((k) => observedKindLabels[k]),
});

/** The place (its scope checked by the route's guard; national users only for the national one) and the year's rules. */
async function resolve(db: Executor, user: AuthUser, ref: ReconciliationRef, year: number | undefined) {
  const place = await resolvePlace(db, user, ref);
  const settings = await yearToRead(db, year);
  return {
    place,
    year: settings.year,
    amountPerStudent: settings.amountPerStudent,
    paymentStart: settings.calendarStart,
  };
}

/** 'Pagos observados' of a place: the figures per kind and one page of observed payments. */
export async function observedReport(
  db: Executor,
  user: AuthUser,
  ref: ReconciliationRef,
  q: { page: number; kind?: ObservedKind; year?: number },
): Promise<ObservedReport> {
  const head = await resolve(db, user, ref, q.year);
  const offset = (q.page - 1) * DEFAULT_PAGE_SIZE;
  const raw = await observedQuery(db, ref, head, { kind: q.kind, limit: DEFAULT_PAGE_SIZE, offset });
  const summary = summaryOf(raw);
  return {
    ...head,
    summary,
    kind: q.kind ?? null,
    items: raw.rows.map((r, i) => toRow(r, offset + i + 1)),
    page: q.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total: q.kind ? summary.kinds.find((k) => k.kind === q.kind)!.students : summary.students,
  };
}

/** Every observed payment of the place (or of one kind), for the spreadsheet. */
export async function observedDocument(
  db: Executor,
  user: AuthUser,
  ref: ReconciliationRef,
  q: { kind?: ObservedKind; year?: number },
  printedAt: Date,
): Promise<ObservedDocument> {
  const head = await resolve(db, user, ref, q.year);
  const raw = await observedQuery(db, ref, head, { kind: q.kind, offset: 0 });
  return {
    ...head,
    summary: summaryOf(raw),
    kind: q.kind ?? null,
    rows: raw.rows.map((r, i) => toRow(r, i + 1)),
    printedAt,
  };
}

/**
 * The payments a sync run or an import wrote that are observed, per kind, judged by the open year's
 * rules inside the writer's transaction (so they count what it wrote and is still in force).
 */
export async function observedOfSource(
  db: Executor,
  source: { kind: 'sync' | 'import'; id: number },
): Promise<ObservedRecordCounts> {
  const settings = await yearToRead(db, undefined);
  const found = await observedCountsQuery(db, source, {
    year: settings.year,
    amountPerStudent: settings.amountPerStudent,
    paymentStart: settings.calendarStart,
  });
  const byKind = new Map(found.map((f) => [f.kind, f.records]));
  return observedKinds
    .filter((kind) => byKind.has(kind))
    .map((kind) => ({ kind, label: observedKindLabels[kind], records: byKind.get(kind)! }));
}
