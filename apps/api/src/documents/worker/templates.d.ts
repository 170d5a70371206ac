import type { InstitutionReport, PaidReport, PlaceReport } from '@bjp/domain';
import type { DeclarationData, ReconciliationDocument, ReportStudent, StudentDetail, VerificationStamp } from '../inputs.js';
import { type ProgressData } from '../reports/progress-xlsx.js';
import { type TrackingPdfInput } from '../reports/tracking-pdf.js';
type Institution = {
    report: InstitutionReport;
    rows: StudentDetail[];
    printedAt: Date;
};
type Place = {
    report: PlaceReport;
    printedAt: Date;
};
/**
 * Every document the API renders, by name. Each takes plain data (what survives structured clone:
 * no functions, no class instances but Date) gathered from the database by the main thread, and
 * runs inside the document worker, so pdfmake's layout and exceljs' zip never hold the event loop.
 */
export declare const templates: {
    placeReportPdf: (i: Place) => Promise<Buffer<ArrayBufferLike>>;
    placeReportXlsx: (i: Place) => Promise<Buffer<ArrayBufferLike>>;
    studentsPdf: (i: Institution) => Promise<Buffer<ArrayBufferLike>>;
    studentsXlsx: (i: Institution) => Promise<Buffer<ArrayBufferLike>>;
    trackingPdf: (i: TrackingPdfInput) => Promise<Buffer<ArrayBufferLike>>;
    paidReportPdf: (i: {
        report: PaidReport;
        students: ReportStudent[];
        printedAt: Date;
        verification?: VerificationStamp;
    }) => Promise<Buffer<ArrayBufferLike>>;
    declarationPdf: (i: {
        data: DeclarationData;
        printedAt: Date;
        verification?: VerificationStamp;
    }) => Promise<Buffer<ArrayBufferLike>>;
    progressXlsx: (i: ProgressData) => Promise<Buffer<ArrayBufferLike>>;
    reconciliationPdf: (i: ReconciliationDocument) => Promise<Buffer<ArrayBufferLike>>;
    reconciliationXlsx: (i: ReconciliationDocument) => Promise<Buffer<ArrayBufferLike>>;
    /** Not a document anyone downloads: the start's first render in each worker (warm-up.ts). */
    warmUp: (_: Record<string, never>) => Promise<Buffer<ArrayBufferLike>>;
};
export type Templates = typeof templates;
export type TemplateName = keyof Templates;
export type TemplateInput<K extends TemplateName> = Parameters<Templates[K]>[0];
export type DocumentTask = {
    [K in TemplateName]: {
        template: K;
        input: TemplateInput<K>;
    };
}[TemplateName];
export {};
