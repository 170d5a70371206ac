import type { Content, TableCell, TableLayout, TDocumentDefinitions } from 'pdfmake/interfaces.js';
/**
 * The signature block always stays with what it signs (issue 12): a sworn table is laid out as its
 * body and a tail — its last rows, its totals and what follows them (the sworn text, the saldo, the
 * signature) — in one unbreakable block. When the tail does not fit under the body, it moves to the
 * next page whole, taking the last rows with it; it then repeats the column headings (see
 * `settleSignedTables`), so no page shows rows without their headings or a signature alone.
 */
export type SignedTable = {
    /** Fixed or '*' widths: 'auto' would size the body and the tail apart, and their columns drift. */
    widths: Array<string | number>;
    header: TableCell[][];
    rows: TableCell[][];
    /** Totals rows: always in the tail. */
    closing?: TableCell[][];
    layout?: string | TableLayout;
    fontSize?: number;
    /** What the table's signature block signs after it: sworn text, saldo line, signature. */
    after: Content[];
    /** Body rows that travel with the tail (default 3). */
    keepRows?: number;
};
export declare function signedTable(t: SignedTable): Content[];
/** A copy of the definition's tree (functions kept by reference), taken before pdfmake decorates it. */
export declare function copyTree<T>(value: T): T;
/**
 * Lays the document out; when a signed table's tail was pushed to a new page, lays out again with that
 * tail's headings. `create` is pdfmake's createPdfKitDocument; the second layout happens only then.
 */
export declare function settleSignedTables<D>(doc: TDocumentDefinitions, create: (doc: TDocumentDefinitions) => D): D;
