import { importMessages } from '@bjp/domain';
import { parse } from 'csv-parse/sync';
import { detectDelimiter, structural, type TextEncoding } from '../reader.js';

/**
 * A CSV file's bytes made ready for PostgreSQL's `COPY … (FORMAT csv)`, in one pass over the bytes
 * without a JavaScript string or object per row (the national roll is 2.3 million rows):
 *
 * - Latin-1 transcoded to UTF-8 (as reader.ts decodes it: windows-1252), a UTF-8 BOM dropped;
 * - the separator chosen from the first line as reader.ts does; the header's cells handed to the
 *   caller (which checks them with the layout and answers how many columns to keep);
 * - each record prefixed with its line in the file (the header is line 1; a record spanning lines
 *   in quotes has the line it starts on) and a width flag, so messages name the line a spreadsheet
 *   shows; empty lines and rows of empty cells skipped, as the CSV reader does;
 * - a row with fewer cells than the header padded with empty ones, cells past the layout's dropped
 *   when empty; a row with something past the header's width sent with its width and no cells (an
 *   error of that row, as before);
 * - refused as a structural error, with its line, as csv-parse refuses it: a quote not closed, a
 *   quote inside an unquoted cell, text after a closing quote, a NUL byte (not text).
 *
 * What PostgreSQL still refuses (it should be nothing) is named by `lineOf` (see copyErrorMessage).
 */

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
/** As reader.ts's csv-parse `max_record_size`. */
const MAX_RECORD = 64 * 1024;

/** What the caller makes of the header: the columns to keep (the layout's) and the header's width. */
export type HeaderPlan = { keep: number; width: number };

async function* utf8(source: AsyncIterable<Buffer>, encoding: TextEncoding): AsyncGenerator<Buffer> {
  // WHATWG's 'latin1' is windows-1252, what spreadsheets save as 'Latin-1' on Windows.
  const decoder = encoding === 'latin1' ? new TextDecoder('windows-1252') : null;
  let first = true;
  for await (const piece of source) {
    let bytes = decoder ? Buffer.from(decoder.decode(piece, { stream: true }), 'utf8') : piece;
    if (first && bytes.length > 0) {
      first = false;
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    }
    if (bytes.length > 0) yield bytes;
  }
  if (decoder) {
    const rest = decoder.decode();
    if (rest) yield Buffer.from(rest, 'utf8');
  }
}

/** A growing output buffer (records are copied in, with their prefix and padding). */
class Out {
  buf: Buffer;
  at = 0;
  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(Math.max(size, 4096));
  }
  room(n: number) {
    if (this.at + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(bigger, 0, 0, this.at);
    this.buf = bigger;
  }
  byte(b: number) {
    this.buf[this.at++] = b;
  }
  int(n: number) {
    if (n >= 10) this.int(Math.floor(n / 10));
    this.buf[this.at++] = 0x30 + (n % 10);
  }
  bytes(from: Buffer, start: number, end: number) {
    this.at += from.copy(this.buf, this.at, start, end);
  }
  take(): Buffer {
    return this.buf.subarray(0, this.at);
  }
}

export class CsvForCopy {
  delimiter: ';' | ',' = ';';
  /** Data rows read (empty ones aside). */
  rows = 0;
  private plan: HeaderPlan | null = null;
  private headerSeen = false;
  /** The file's line for COPY's line numbers: [first COPY line, file line minus COPY line] where it changes. */
  private drift: Array<[number, number]> = [];
  private sent = 0;

  constructor(
    private readonly source: AsyncIterable<Buffer>,
    private readonly encoding: TextEncoding,
    private readonly onHeader: (cells: string[], delimiter: ';' | ',') => HeaderPlan,
  ) {}

  /** The file line of COPY's line `n` (the n-th record sent; no header is sent). */
  lineOf(n: number): number {
    let delta = 0;
    for (const [from, d] of this.drift) {
      if (from > n) break;
      delta = d;
    }
    return n + delta;
  }

  /** The records as COPY reads them, a buffer per piece of the file read. */
  async *chunks(): AsyncGenerator<Buffer> {
    let pending: Buffer | null = null;
    let line = 1;
    let delimiterKnown = false;
    for await (const piece of utf8(this.source, this.encoding)) {
      const bytes: Buffer = pending && pending.length > 0 ? Buffer.concat([pending, piece]) : piece;
      if (!delimiterKnown) {
        const end = firstLineEnd(bytes);
        if (end < 0 && bytes.length <= MAX_RECORD) {
          pending = bytes;
          continue;
        }
        this.delimiter = detectDelimiter(bytes.toString('utf8', 0, end < 0 ? bytes.length : end));
        delimiterKnown = true;
      }
      const out = new Out(bytes.length + (bytes.length >> 2));
      const done = this.scan(bytes, false, line, out);
      line = done.line;
      pending = bytes.subarray(done.consumed);
      if (pending.length > MAX_RECORD) throw structural(importMessages.csvShape(line, 'CSV_MAX_RECORD_SIZE'));
      if (out.at > 0) yield out.take();
    }
    if (pending && pending.length > 0) {
      if (!delimiterKnown) this.delimiter = detectDelimiter(pending.toString('utf8'));
      const out = new Out(pending.length * 2);
      this.scan(pending, true, line, out);
      if (out.at > 0) yield out.take();
    }
    if (!this.headerSeen) throw structural(importMessages.empty);
    if (this.rows === 0) throw structural(importMessages.noRows);
  }

  /** Scans whole records from `buf`; what it consumed and the line it got to. */
  private scan(buf: Buffer, eof: boolean, startLine: number, out: Out): { consumed: number; line: number } {
    const d = this.delimiter.charCodeAt(0);
    const n = buf.length;
    let p = 0;
    let line = startLine;
    while (p < n) {
      const keep = this.plan?.keep ?? Number.POSITIVE_INFINITY;
      const width = this.plan?.width ?? Number.POSITIVE_INFINITY;
      let inQuotes = false;
      let fieldStart = p;
      let delimiters = 0;
      let newlines = 0;
      let content = false;
      let past = false;
      let cut = -1;
      let end = -1;
      let incomplete = false;
      let i = p;
      for (; i < n; i++) {
        const b = buf[i]!;
        if (inQuotes) {
          if (b === QUOTE) {
            if (i + 1 >= n) {
              if (!eof) incomplete = true;
              else inQuotes = false;
              if (incomplete) break;
              continue;
            }
            const next = buf[i + 1]!;
            if (next === QUOTE) {
              i++;
              continue;
            }
            if (next !== d && next !== LF && next !== CR)
              throw structural(importMessages.quoting(line + newlines));
            inQuotes = false;
          } else if (b === LF) newlines++;
          else if (b === 0) throw structural(importMessages.notText);
          continue;
        }
        if (b === d) {
          delimiters++;
          if (delimiters === keep) cut = i;
          fieldStart = i + 1;
        } else if (b === LF) {
          end = i;
          break;
        } else if (b === QUOTE) {
          if (i !== fieldStart) throw structural(importMessages.quoting(line + newlines));
          inQuotes = true;
          content = true;
          if (delimiters >= width) past = true;
        } else if (b === 0) {
          throw structural(importMessages.notText);
        } else if (b !== SPACE && b !== TAB && b !== CR) {
          content = true;
          if (delimiters >= width) past = true;
        }
      }
      if (end < 0) {
        if (incomplete || !eof) break;
        if (inQuotes) throw structural(importMessages.quoting(line));
        end = n;
      }
      // The record is [p, stop): without the CR of a CRLF.
      const stop = end > p && buf[end - 1] === CR ? end - 1 : end;
      if (content) {
        if (!this.headerSeen) {
          this.header(buf.toString('utf8', p, stop), line);
        } else {
          this.rows++;
          this.sent++;
          if (line - this.sent !== (this.drift.at(-1)?.[1] ?? 0))
            this.drift.push([this.sent, line - this.sent]);
          const cells = delimiters + 1;
          out.room(stop - p + 32 + keep);
          out.int(line);
          out.byte(d);
          if (past) {
            // Something past the header's width: the row's error, no cells.
            out.int(cells);
            for (let k = 0; k < keep; k++) out.byte(d);
          } else {
            out.byte(d);
            out.bytes(buf, p, cut >= 0 ? cut : stop);
            for (let k = cells; k < keep; k++) out.byte(d);
          }
          out.byte(LF);
        }
      }
      line += newlines + (end < n ? 1 : 0);
      p = end + 1;
    }
    return { consumed: Math.min(p, n), line };
  }

  private header(text: string, line: number) {
    let cells: string[];
    try {
      cells = (parse(text, { delimiter: this.delimiter, relax_column_count: true }) as string[][])[0] ?? [];
    } catch {
      throw structural(importMessages.quoting(line));
    }
    this.plan = this.onHeader(cells, this.delimiter);
    this.headerSeen = true;
  }
}

/** Where the first line ends (LF or CR), or -1. */
function firstLineEnd(bytes: Buffer): number {
  const lf = bytes.indexOf(LF);
  const cr = bytes.indexOf(CR);
  if (lf < 0) return cr;
  if (cr < 0) return lf;
  return Math.min(lf, cr);
}

/**
 * PostgreSQL's refusal of a COPY as the import's structural error with the file's line (its
 * message names COPY's line: `COPY roll_raw, line 12, column sie: …`). Null when it is not a
 * refusal of the data (a lost connection, a cancelled statement).
 */
export function copyErrorMessage(error: unknown, lineOf: (copyLine: number) => number): string | null {
  const e = error as { code?: string; message?: string; where?: string };
  // 22P04: bad COPY file format; 22P02/22021/22001/22P05: a value the column cannot hold.
  if (!e.code || !/^22/.test(e.code)) return null;
  const at = /line (\d+)/.exec(e.where ?? e.message ?? '');
  const line = at ? lineOf(Number(at[1])) : 0;
  const message = e.message ?? '';
  if (/quot/i.test(message)) return importMessages.quoting(line);
  if (/extra data|missing data/i.test(message))
    return importMessages.csvShape(line, 'la fila no tiene las columnas de la cabecera');
  return importMessages.csvShape(line, 'formato no reconocido');
}
