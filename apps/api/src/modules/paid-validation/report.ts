import { formatSaldo, gradeName, levels, type PaidReport, paidMessages, saldoADevolver } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { Executor } from '../../db/client.js';
import type { ReportStudent } from '../../documents/inputs.js';
import { AppError } from '../../lib/errors.js';
import { declaredContent } from '../declarations/index.js';
import { yearToRead } from '../settings/index.js';
import { institutionCard } from '../structure/index.js';
import { paidFacts } from './facts.js';
import { holderTypeName } from './lists.js';
import { reportStudentRows, titularGroups } from './queries/lists.js';

/** What a stored paid-validation declaration keeps: the report and its students, as printed. */
export type PaidDeclared = { report: PaidReport; students: ReportStudent[] };

/**
 * The report that replaces the consolidate button: every teacher or director titular with their
 * students (total), those the school declared PAGADO (total_paid) and NO PAGADO (total_pending), and
 * the 'SALDO A DEVOLVER EN BOLIVIANOS' at the amount per student in force when the school
 * consolidated. Validations cannot change while consolidated and only validated students are read, so
 * the report is stable even when the bank pays a teacher-titular student afterwards. All rows:
 * a school has a handful of such titulars and the report is printed whole.
 */
export async function paidReport(
  deps: AppDeps,
  sie: number,
  db: Executor = deps.db,
  year?: number,
  live = false,
): Promise<PaidReport> {
  // A closed year's report (decision 040): that year's consolidation, validations and frozen amount.
  const read = year === undefined ? undefined : await yearToRead(db, year);
  const facts = await paidFacts(db, sie, undefined, read?.year);
  const consolidation = facts.consolidation;
  if (!consolidation) throw new AppError('conflict', paidMessages.reportBeforeConsolidation);
  // Decision 046: once stored, the declaration is the report — what was sworn, whatever changed since
  // (a titular, a block, a removal, a payment). Only the declaration's own input reads the live rows.
  if (!live) {
    const declared = await declaredContent<PaidDeclared>(
      db,
      sie,
      'paid_validation',
      facts.year,
      consolidation.consolidatedAt,
    );
    if (declared?.report) return declared.report;
  }
  const [card, groups] = await Promise.all([
    institutionCard(db, sie),
    titularGroups(db, sie, facts.year, undefined, true),
  ]);
  const amount = consolidation.amountPerStudent;
  const rows = groups.map((g) => ({
    personId: g.personId,
    carnet: g.carnet,
    complemento: g.complemento,
    paterno: g.paterno,
    materno: g.materno,
    name: g.name,
    holderTypeName: holderTypeName(g.holderTypeId),
    total: g.total,
    totalPaid: g.delivered,
    totalPending: g.undelivered,
    saldo: saldoADevolver(g.undelivered, amount),
  }));
  const totals = {
    total: rows.reduce((s, r) => s + r.total, 0),
    totalPaid: rows.reduce((s, r) => s + r.totalPaid, 0),
    totalPending: rows.reduce((s, r) => s + r.totalPending, 0),
  };
  const saldo = saldoADevolver(totals.totalPending, amount);
  return {
    sie,
    name: card.name,
    codeType: card.codeType,
    typeName: card.typeName,
    departmentName: card.departmentName,
    districtName: card.districtName,
    year: facts.year,
    consolidatedAt: consolidation.consolidatedAt.toISOString(),
    consolidatedBy: consolidation.consolidatedBy,
    amountPerStudent: amount,
    rows,
    totals,
    saldo,
    saldoText: formatSaldo(saldo),
  };
}

/** Every student of the report, by titular then student, for the documents' detail tables. */
export async function reportStudents(
  deps: AppDeps,
  sie: number,
  year: number,
  db: Executor = deps.db,
): Promise<ReportStudent[]> {
  const rows = await reportStudentRows(db, sie, year);
  return rows.map(({ levelId, gradeId, ...r }) => ({
    ...r,
    nivel: levels.find((l) => l.id === levelId)?.name ?? String(levelId),
    grado: gradeName(gradeId),
  }));
}
