import { type TrackingCounts, type TrackingPlace, type TrackingRow } from '@bjp/domain';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
export type TrackingPdfInput = {
    place: TrackingPlace;
    year: number;
    counts: TrackingCounts;
    rows: TrackingRow[];
    filtersLabel: string;
    printedAt: Date;
};
/** 'Seguimiento Operativo BJP' for a department or district, with the footer text of part 2 §9. */
export declare function trackingDocument(input: TrackingPdfInput): TDocumentDefinitions;
export declare const trackingPdf: (input: TrackingPdfInput) => Promise<Buffer>;
