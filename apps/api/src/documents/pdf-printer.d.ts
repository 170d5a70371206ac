import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
/**
 * pdfmake 0.2 has no URL/local access policy settings (they arrived in 0.3): on the server it reads
 * any image path it is given from disk and pdfkit would embed it. Our access policy is enforced here
 * instead: images only as data: URLs from the document's own dictionary, no file paths, no URLs.
 */
export declare function assertNoExternalResources(doc: TDocumentDefinitions): void;
/** Renders a document definition to a Buffer. */
export declare function renderPdf(doc: TDocumentDefinitions): Promise<Buffer>;
export type PageFrame = {
    title: string;
    subtitle?: string;
    /** Date and time of printing, already formatted (dd/mm/yyyy hh:mm). */
    printedAt: string;
    /** Texts for the footer of every page (part 2 §9: sworn-declaration text, tracking text…). */
    footerLines: string[];
};
/** Landscape letter pages with the ministry heading, page numbers and the print date on each page. */
export declare function landscapeDocument(frame: PageFrame, content: Content[]): TDocumentDefinitions;
