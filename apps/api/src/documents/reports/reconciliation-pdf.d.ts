import { type ReconciliationRow } from '@bjp/domain';
import type { ReconciliationDocument } from '../inputs.js';
/** yyyy-mm-dd → dd/mm/yyyy. */
export declare const dayLabel: (day: string) => string;
/** The bank's word on one line: 'dd/mm/yyyy · Banco · Modalidad', or that it did not pay. */
export declare const bankLabel: (r: ReconciliationRow) => string;
/** The declaration in force, version and date (never its verification code). */
export declare function declarationLabel(r: Pick<ReconciliationRow, 'declarationVersion' | 'declarationDate'>): string;
/** 'Conciliación Banco – DDJJ' of a place as a landscape PDF: summary per state, rows by school, signatures. */
export declare function reconciliationPdf(doc: ReconciliationDocument): Promise<Buffer>;
