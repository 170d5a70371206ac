import type { Writable } from 'node:stream';
import type { ReconciliationDocument } from '../inputs.js';
/**
 * 'Conciliación Banco – DDJJ' as a spreadsheet: the summary per state, then one row per student,
 * committed as it is written (exceljs' streaming writer), whatever the number of rows.
 */
export declare function reconciliationXlsx(doc: ReconciliationDocument, out: Writable): Promise<void>;
