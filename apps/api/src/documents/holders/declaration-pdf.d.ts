import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { DeclarationData } from '../inputs.js';
/** Bolivian local time (UTC−4) as dd/mm/yyyy hh:mm. */
export declare function boliviaDateTime(at: Date): string;
export declare function declarationDocument(d: DeclarationData, printedAt: Date): TDocumentDefinitions;
/** '{token}{timestamp}.pdf': a descriptive token (the original used the session token) and the print time. */
export declare function declarationFileName(sie: number, printedAt: Date): string;
