import type { Writable } from 'node:stream';
import { type PlaceReport } from '@bjp/domain';
/** The same report as a spreadsheet: summary, dependencies and both matrices. */
export declare function placeReportXlsx(report: PlaceReport, printedAt: Date, out: Writable): Promise<void>;
