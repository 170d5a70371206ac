import { Readable } from 'node:stream';
import { importMessages } from '@bjp/domain';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { AppError } from '../../lib/errors.js';

export type FileFormat = 'csv' | 'xlsx';
export type TextEncoding = 'utf-8' | 'latin1';
/** One row of the file: its line (the header is 1; in a CSV, the physical line it starts on). */
export type FileRow = { line: number; cells: string[] };

/** A structural error: the whole file is refused with this message, nothing is written. */
export const structural = (message: string) => new AppError('bad_request', message);

/** 'PK\x03\x04': a zip, which an XLSX is; anything else is read as CSV text. */
export function sniffFormat(head: Buffer): FileFormat {
  return head.length >= 4 && head.readUInt32LE(0) === 0x04034b50 ? 'xlsx' : 'csv';
}

/** The rows of an import file, header first, read as a stream (never the whole file in memory). */
export function readRows(
  source: Readable,
  format: FileFormat,
  encoding: TextEncoding,
): AsyncIterable<FileRow> {
  return format === 'xlsx' ? xlsxRows(source) : csvRows(source, encoding);
}

/** Decodes the bytes as text, chunk by chunk (a character split across chunks is kept whole). */
async function* decode(source: Readable, encoding: TextEncoding): AsyncGenerator<string> {
  // WHATWG's 'latin1' is windows-1252, what spreadsheets save as 'Latin-1' on Windows.
  const decoder = new TextDecoder(encoding === 'utf-8' ? 'utf-8' : 'windows-1252');
  for await (const piece of source) {
    const text = decoder.decode(piece as Buffer, { stream: true });
    if (text.includes('\u0000')) throw structural(importMessages.notText);
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** ';' or ',': whichever the header line has more of (the layout's names contain neither). */
export function detectDelimiter(headerLine: string): ';' | ',' {
  const semicolons = headerLine.split(';').length;
  const commas = headerLine.split(',').length;
  return semicolons >= commas ? ';' : ',';
}

async function* csvRows(source: Readable, encoding: TextEncoding): AsyncGenerator<FileRow> {
  // Read up to the end of the header line to choose the separator, then parse everything. The
  // iterator is driven by hand: breaking out of a for-await would close the decoder.
  const text = decode(source, encoding)[Symbol.asyncIterator]();
  const head: string[] = [];
  let seen = '';
  while (!/[\r\n]/.test(seen) && seen.length <= 64 * 1024) {
    const next = await text.next();
    if (next.done) break;
    head.push(next.value);
    seen += next.value;
  }
  const delimiter = detectDelimiter(seen.replace(/^\uFEFF/, '').split(/\r?\n|\r/)[0] ?? '');
  async function* all() {
    yield* head;
    for (let next = await text.next(); !next.done; next = await text.next()) yield next.value;
  }
  const input = Readable.from(all());
  const parser = input.pipe(
    parse({
      delimiter,
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      max_record_size: 64 * 1024,
    }),
  );
  // pipe() does not pass errors on: a refusal found while decoding (binary bytes) ends the parse.
  input.on('error', (error) => parser.destroy(error));
  try {
    for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { line: record.info.lines, cells: record.record };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const e = error as { code?: string; lines?: number; records?: number; empty_lines?: number };
    // An unclosed quote is only found at the end of the file: it opened on the line after the last
    // whole record (exact unless an earlier quoted field spanned lines).
    const line =
      e.code === 'CSV_QUOTE_NOT_CLOSED' ? (e.records ?? 0) + (e.empty_lines ?? 0) + 1 : (e.lines ?? 0);
    if (e.code?.includes('QUOTE')) throw structural(importMessages.quoting(line));
    throw structural(importMessages.csvShape(line, e.code ?? 'formato no reconocido'));
  }
}

/** A cell as the text a CSV would hold: dates as dd/mm/aaaa, numbers as written, formulas by result. */
export function cellText(value: unknown): string {
  if (value == null) return '';
  if (value instanceof Date) {
    const dd = String(value.getUTCDate()).padStart(2, '0');
    const mm = String(value.getUTCMonth() + 1).padStart(2, '0');
    return `${dd}/${mm}/${value.getUTCFullYear()}`;
  }
  if (typeof value === 'object') {
    const v = value as { text?: unknown; richText?: Array<{ text: string }>; result?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result);
    if (v.text != null) return cellText(v.text);
    return '';
  }
  return String(value);
}

async function* xlsxRows(source: Readable): AsyncGenerator<FileRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets++;
      if (sheets > 1) {
        // Only the first sheet is read; the rest of the file is drained by the reader.
        for await (const _ of sheet) void _;
        continue;
      }
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]).trim());
        if (cells.every((c) => c === '')) continue;
        yield { line: row.number, cells };
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw structural(importMessages.unreadableXlsx);
  }
  if (sheets === 0) throw structural(importMessages.notXlsx);
}
