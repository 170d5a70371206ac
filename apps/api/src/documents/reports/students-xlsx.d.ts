import type { Writable } from 'node:stream';
import { type InstitutionReport } from '@bjp/domain';
import type { StudentDetail } from '../inputs.js';
/** The institution's students, titulars and payments as a spreadsheet, one row per student. */
export declare function studentsXlsx(report: InstitutionReport, rows: StudentDetail[], printedAt: Date, out: Writable): Promise<void>;
