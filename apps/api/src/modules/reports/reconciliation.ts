import {
  bonusStateDescriptions,
  courseLabel,
  DEFAULT_PAGE_SIZE,
  declaredLabel,
  type ReconciliationPlace,
  type ReconciliationReport,
  type ReconciliationRow,
  type ReconciliationState,
  type ReconciliationSummary,
  reconciliationEffect,
  reconciliationStateLabel,
  reconciliationStates,
  reportMessages,
  shifts,
} from '@bjp/domain';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import type { ReconciliationDocument } from '../../documents/inputs.js';
import { AppError } from '../../lib/errors.js';
import { getSettings } from '../settings/index.js';
import { loadPlace } from '../tracking/index.js';
import { loadInstitution } from './institution-report.js';
import { query, type Raw, type RawRow, type ReconciliationRef } from './queries/reconciliation.js';

/** The place of a reconciliation route; scope was checked by the route's guard (national: here). */
export type { ReconciliationRef };

export async function resolvePlace(
  db: Executor,
  user: AuthUser,
  ref: ReconciliationRef,
): Promise<ReconciliationPlace> {
  if (ref.level === 'national') {
    // Like the national report: it has no place to check against a scope, so national users only.
    if (user.scope.kind !== 'national') throw new AppError('out_of_scope', reportMessages.nationalOnly);
    return { level: 'national', id: null, name: 'Bolivia', departmentName: null, districtName: null };
  }
  if (ref.level === 'institution') {
    const school = await loadInstitution(db, ref.id);
    return {
      level: 'institution',
      id: school.id,
      name: school.name,
      departmentName: school.departmentName,
      districtName: school.districtName,
    };
  }
  const place = await loadPlace(db, ref);
  return {
    level: ref.level,
    id: place.id,
    name: place.name,
    departmentName: place.departmentName,
    districtName: ref.level === 'district' ? place.name : null,
  };
}

/** The place as a condition on `institutions i`. */

function summaryOf(raw: Raw): ReconciliationSummary {
  const byState = new Map(raw.figures.map((r) => [r.state, r]));
  const states = reconciliationStates.map((state) => {
    const row = byState.get(state);
    return {
      state,
      label: reconciliationStateLabel(state),
      effect: reconciliationEffect(state),
      description: bonusStateDescriptions[state],
      students: row?.students ?? 0,
      amount: Number(row?.amount ?? 0),
    };
  });
  return {
    consolidatedSchools: raw.schools,
    states,
    students: states.reduce((s, x) => s + x.students, 0),
    amount: states.reduce((s, x) => s + x.amount, 0),
    toReturn: states.find((s) => s.state === 'NO_PAGADO_DECLARADO')!.amount,
  };
}

const shiftName = (id: number) => shifts.find((s) => s.id === id)?.name ?? String(id);

function toRow(r: RawRow, rowNumber: number): ReconciliationRow {
  const declared = r.declared_delivered === null ? null : r.declared_delivered ? 'PAGADO' : 'NO_PAGADO';
  return {
    rowNumber,
    departmentName: r.department_name,
    districtId: r.district_id,
    districtName: r.district_name,
    sie: r.sie,
    schoolName: r.school_name,
    rude: r.rude,
    studentName: r.student_name,
    course: `${courseLabel({ levelId: r.level_id, gradeId: r.grade_id, parallelId: r.parallel_id })} · ${shiftName(r.shift_id)}`,
    titularCarnet: r.titular_carnet,
    titularName: r.titular_name,
    titularType: r.titular_type,
    bankPaid: r.bank_paid,
    paidOn: r.bank_paid ? r.paid_on : null,
    bank: r.bank_paid ? r.bank : null,
    mode: r.bank_paid ? r.mode : null,
    declared,
    declaredLabel: declaredLabel(declared),
    declarationVersion: r.declaration_version,
    declarationDate: r.declaration_at,
    state: r.state,
    stateLabel: reconciliationStateLabel(r.state),
    effect: reconciliationEffect(r.state),
    amount: r.amount,
  };
}

async function resolve(db: Executor, user: AuthUser, ref: ReconciliationRef) {
  const place = await resolvePlace(db, user, ref);
  const settings = await getSettings(db);
  return { place, year: settings.year, amountPerStudent: settings.amountPerStudent };
}

/** 'Conciliación Banco – DDJJ' of a place: the summary per state and one page of rows. */
export async function reconciliationReport(
  db: Executor,
  user: AuthUser,
  ref: ReconciliationRef,
  q: { page: number; state?: ReconciliationState },
): Promise<ReconciliationReport> {
  const head = await resolve(db, user, ref);
  const offset = (q.page - 1) * DEFAULT_PAGE_SIZE;
  const raw = await query(db, ref, head.year, head.amountPerStudent, {
    state: q.state,
    limit: DEFAULT_PAGE_SIZE,
    offset,
  });
  const summary = summaryOf(raw);
  return {
    ...head,
    summary,
    state: q.state ?? null,
    items: raw.rows.map((r, i) => toRow(r, offset + i + 1)),
    page: q.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total: q.state ? summary.states.find((s) => s.state === q.state)!.students : summary.students,
  };
}

/** Every row of the place (or of one state), for the PDF and the spreadsheet. */
export async function reconciliationDocument(
  db: Executor,
  user: AuthUser,
  ref: ReconciliationRef,
  state: ReconciliationState | undefined,
  printedAt: Date,
): Promise<ReconciliationDocument> {
  const head = await resolve(db, user, ref);
  const raw = await query(db, ref, head.year, head.amountPerStudent, { state, offset: 0 });
  return {
    ...head,
    summary: summaryOf(raw),
    state: state ?? null,
    rows: raw.rows.map((r, i) => toRow(r, i + 1)),
    printedAt,
  };
}
