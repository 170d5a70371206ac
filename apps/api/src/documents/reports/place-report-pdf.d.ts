import { type PlaceReport } from '@bjp/domain';
export declare const placeReportTitle: (report: PlaceReport) => string;
export declare function placeLabel(report: PlaceReport): string;
/** National, departmental or district report as a landscape PDF. */
export declare function placeReportPdf(report: PlaceReport, printedAt: Date): Promise<Buffer>;
