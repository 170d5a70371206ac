import { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

export type SheetColumn = { header: string; key: string; width?: number };
type Cell = string | number | null;
/** A column of a table sheet: its header, its width and how a row's cell is read. */
export type TableColumn<T> = { header: string; width?: number; value: (row: T) => Cell };

/**
 * Spreadsheets are written with exceljs' streaming WorkbookWriter (in the document worker, see
 * worker/templates.ts): rows are committed as they are added, so memory holds the zipped file only,
 * whatever the row count (the in-memory workbook needs ~2 GB for 200 k rows).
 */
export function openWorkbook(out: Writable) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Consola BJP — Ministerio de Educación';
  const book = {
    sheet(name: string, title: string[], columns: SheetColumn[]) {
      const sheet = workbook.addWorksheet(name.slice(0, 31));
      for (const line of title) sheet.addRow([line]).commit();
      sheet.addRow([]).commit();
      const header = sheet.addRow(columns.map((c) => c.header));
      header.font = { bold: true };
      header.commit();
      columns.forEach((c, i) => {
        sheet.getColumn(i + 1).width = c.width ?? Math.max(10, c.header.length + 2);
      });
      return {
        add(values: Cell[]) {
          sheet.addRow(values).commit();
        },
        blank() {
          sheet.addRow([]).commit();
        },
        done() {
          sheet.commit();
        },
        /**
         * The stream holding the sheet's XML that waits to be compressed, when it holds more than
         * its share; null otherwise. exceljs hands its 64 KB chunks to the zip without waiting (its
         * StreamBuf ignores back-pressure), so a writer faster than the compression would pile the
         * whole sheet up there: a long writer waits for this stream's 'drain' between batches.
         * Read from exceljs' and archiver's internals (a readable-stream PassThrough), hence the
         * defensive shape: if they change, this answers null and only the download's own
         * back-pressure is left.
         */
        backlog(): EventEmitter | null {
          const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
          for (const pipe of Array.isArray(pipes) ? pipes : []) {
            const state = (pipe as { _writableState?: { length?: unknown; highWaterMark?: unknown } })
              ?._writableState;
            if (
              pipe instanceof EventEmitter &&
              typeof state?.length === 'number' &&
              typeof state.highWaterMark === 'number' &&
              state.length >= state.highWaterMark
            )
              return pipe;
          }
          return null;
        },
      };
    },
    /**
     * A sheet of one row per item, each column declared with the cell it reads (header and value side
     * by side, so they cannot drift apart); committed when the rows are written.
     */
    table<T>(name: string, title: string[], columns: TableColumn<T>[], rows: Iterable<T>) {
      const sheet = book.sheet(
        name,
        title,
        columns.map((c) => ({ header: c.header, key: c.header, width: c.width })),
      );
      for (const row of rows) sheet.add(columns.map((c) => c.value(row)));
      sheet.done();
    },
    /** Finishes the file; the stream ends when the promise resolves. */
    close: () => workbook.commit(),
  };
  return book;
}
