import { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
export type SheetColumn = {
    header: string;
    key: string;
    width?: number;
};
type Cell = string | number | null;
/** A column of a table sheet: its header, its width and how a row's cell is read. */
export type TableColumn<T> = {
    header: string;
    width?: number;
    value: (row: T) => Cell;
};
/**
 * Spreadsheets are written with exceljs' streaming WorkbookWriter (in the document worker, see
 * worker/templates.ts): rows are committed as they are added, so memory holds the zipped file only,
 * whatever the row count (the in-memory workbook needs ~2 GB for 200 k rows).
 */
export declare function openWorkbook(out: Writable): {
    sheet(name: string, title: string[], columns: SheetColumn[]): {
        add(values: Cell[]): void;
        blank(): void;
        done(): void;
        /**
         * The stream holding the sheet's XML that waits to be compressed, when it holds more than
         * its share; null otherwise. exceljs hands its 64 KB chunks to the zip without waiting (its
         * StreamBuf ignores back-pressure), so a writer faster than the compression would pile the
         * whole sheet up there: a long writer waits for this stream's 'drain' between batches.
         * Read from exceljs' and archiver's internals (a readable-stream PassThrough), hence the
         * defensive shape: if they change, this answers null and only the download's own
         * back-pressure is left.
         */
        backlog(): EventEmitter | null;
    };
    /**
     * A sheet of one row per item, each column declared with the cell it reads (header and value side
     * by side, so they cannot drift apart); committed when the rows are written.
     */
    table<T>(name: string, title: string[], columns: TableColumn<T>[], rows: Iterable<T>): void;
    /** Finishes the file; the stream ends when the promise resolves. */
    close: () => Promise<void>;
};
export {};
