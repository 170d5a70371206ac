import { type PaidReport } from '@bjp/domain';
import type { ReportStudent, VerificationStamp } from '../inputs.js';
/** Part 2 §9: 'REPORTE_DDJJ_2025_{timestamp}' for the DDJJ; the regular school's report alike. */
export declare function paidReportFileName(report: PaidReport, printedAt: Date): string;
/**
 * The report that replaces 'Consolidar Operativo de Validación' (part 2 §2.5): for a special-education
 * centre (code_type 4) the sworn declaration (DDJJ) of the teachers and directors who collected as
 * titulars, with the students whose bonus did not reach them; for a regular school (code_type 1) the
 * validation report, with every student's declared state. Both carry the holders' totals and the
 * 'SALDO A DEVOLVER EN BOLIVIANOS'.
 */
export declare function paidReportPdf(report: PaidReport, students: ReportStudent[], printedAt: Date, verification?: VerificationStamp): Promise<Buffer>;
