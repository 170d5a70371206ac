import { type InstitutionReport } from '@bjp/domain';
import type { StudentDetail } from '../inputs.js';
/** Part 2 §5: a titular is pending when document, name or type is blank. */
export declare const titularPending: (s: StudentDetail) => boolean;
/**
 * 'Reporte Estudiantes-Tutores-Pagados'. Regular schools (code_type 1) by shift, level, grade and
 * parallel with their counts; special-education centres (code_type 4) one flat list with its total.
 */
export declare function studentsPdf(report: InstitutionReport, rows: StudentDetail[], printedAt: Date): Promise<Buffer>;
