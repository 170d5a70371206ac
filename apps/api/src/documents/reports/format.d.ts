import { fileTimestamp } from '@bjp/domain';
import type { TableCell } from 'pdfmake/interfaces.js';
/** dd/mm/aaaa HH:mm in Bolivia, for the print date of documents (the domain's one date-time format). */
export declare const boliviaTimestamp: (at: Date) => string;
/** yyyymmddhhmmss in Bolivia, for file names ('{token}{timestamp}.pdf', part 2 §9). */
export { fileTimestamp };
/** A closed gestión in a download's name, after the place ('reporte_nacional_2024_…'); the open year's has none. */
export declare const closedYearToken: (year: {
    year: number;
    closed: boolean;
}) => string;
/** A place level in a download's name, in Spanish like the rest of what users see. */
export declare const placeLevelToken: {
    readonly national: "nacional";
    readonly department: "departamento";
    readonly district: "distrito";
};
export declare const headerCell: (text: string) => TableCell;
export declare const numberCell: (text: string, bold?: boolean) => TableCell;
/** Thin horizontal rules and 2 pt cell padding: wide tables (the 18-column matrix) fit a landscape page. */
export declare const compactLayout: {
    hLineWidth: (i: number, node: {
        table: {
            body: unknown[];
        };
    }) => 0.7 | 0.3;
    vLineWidth: () => number;
    hLineColor: () => string;
    paddingLeft: () => number;
    paddingRight: () => number;
    paddingTop: () => number;
    paddingBottom: () => number;
};
