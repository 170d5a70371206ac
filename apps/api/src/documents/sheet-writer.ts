import { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

export type SheetColumn = { header: string; key: string; width?: number };

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
  return {
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
        add(values: Array<string | number | null>) {
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
    /** Finishes the file; the stream ends when the promise resolves. */
    close: () => workbook.commit(),
  };
}
