import type { EventEmitter } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  boliviaDateTimeText,
  dayText,
  documentLabel,
  type FieldDefinition,
  type ParticipantExportQuery,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import { openWorkbook } from '../../documents/sheet-writer.js';
import { eventFormDefinition } from './event-form-definition.js';
import { answersOf } from './participant-service.js';
import { type ParticipantDbRow, participantBatch } from './queries/participants.js';

/**
 * Rows read per round trip: enough to keep the writer busy, few enough that writing one page holds
 * the event loop only briefly (the embedded database answers without ever leaving it).
 */
const BATCH = 500;

const baseHeaders = [
  'ID',
  'Apellido paterno',
  'Apellido materno',
  'Nombre(s)',
  'Documento',
  'Nacionalidad',
  'Institución',
  'Cargo',
  'Ocupación',
  'Departamento',
  'Teléfono',
  'Correo electrónico',
  'Fecha de nacimiento',
  'Inscrito el',
  'Estado',
  'Anulada el',
  'Motivo de anulación',
  'Archivos',
];

/** A spreadsheet cell that begins like a formula is written as text (CSV/formula injection). */
export const safeCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** RFC 4180: quoted when it holds a separator, quote or line break; quotes doubled. */
export const csvField = (value: string | number) => {
  const text = typeof value === 'number' ? String(value) : safeCell(value);
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

function lineOf(row: ParticipantDbRow, fields: FieldDefinition[]): Array<string | number> {
  const answers = answersOf(fields, row.extra).slice(0, fields.length);
  return [
    Number(row.id),
    row.first_last_name,
    row.second_last_name,
    row.name,
    documentLabel(row.document, row.complement),
    row.nationality === 2 ? 'Extranjero' : 'Nacional',
    row.institution,
    row.position,
    row.job,
    row.department,
    row.phone,
    row.email,
    dayText(row.birth_date),
    boliviaDateTimeText(row.created_at),
    row.cancelled_at ? 'Anulada' : 'Vigente',
    row.cancelled_at ? boliviaDateTimeText(row.cancelled_at) : '',
    row.cancel_reason ?? '',
    row.files,
    ...answers.map((a) => a.value),
  ];
}

/**
 * The filtered enrollments in keyset batches (created_at desc, id desc), the cursor kept as the
 * database's own text so no microsecond is lost. Never more than one batch in memory.
 */
async function* batches(deps: AppDeps, eventId: number, query: ParticipantExportQuery) {
  let cursor: { at: string; id: number } | null = null;
  for (;;) {
    const batch = await participantBatch(deps.db, eventId, query, cursor, BATCH);
    if (batch.length === 0) return;
    yield batch;
    const last = batch[batch.length - 1]!;
    cursor = { at: last.cursor_at, id: Number(last.id) };
    if (batch.length < BATCH) return;
  }
}

const aborted = () => new Error('export aborted: the client closed the download');

/**
 * Between pages: waits while the download (or `backlog`, the zip's input) holds more than its share,
 * so the buffers stay small when the client reads slower than the database answers; then lets the
 * event loop turn once, so other users' requests are answered while a long export runs (the
 * embedded database answers without leaving the loop). A client that went away closes the download:
 * the export stops there instead of reading on.
 */
async function drained(out: Writable, backlog: () => EventEmitter | null = () => null) {
  for (;;) {
    if (out.destroyed) throw aborted();
    const full = backlog() ?? (out.writableNeedDrain ? out : null);
    if (!full) break;
    await new Promise<void>((resolve) => {
      const done = () => {
        full.off('drain', done);
        out.off('close', done);
        resolve();
      };
      full.once('drain', done);
      out.once('close', done);
    });
  }
  await nextTurn();
  if (out.destroyed) throw aborted();
}

async function writeXlsx(
  out: PassThrough,
  lines: AsyncIterable<Array<Array<string | number>>>,
  headers: string[],
) {
  const book = openWorkbook(out);
  const sheet = book.sheet(
    'Participantes',
    [],
    headers.map((h, i) => ({ header: h, key: `c${i}` })),
  );
  for await (const batch of lines) {
    for (const line of batch) sheet.add(line.map((v) => (typeof v === 'string' ? safeCell(v) : v)));
    // The sheet's XML waits to be zipped, then the zip waits to be sent: both kept small.
    await drained(out, sheet.backlog);
  }
  sheet.done();
  await book.close();
}

async function writeCsv(
  out: PassThrough,
  lines: AsyncIterable<Array<Array<string | number>>>,
  headers: string[],
) {
  // The BOM makes Excel read the file as UTF-8 (accents, ñ).
  out.write(`\uFEFF${headers.map(csvField).join(',')}\r\n`);
  for await (const batch of lines) {
    out.write(batch.map((line) => `${line.map(csvField).join(',')}\r\n`).join(''));
    await drained(out);
  }
  out.end();
}

/**
 * The export of the participants list with the same filters: one column per form answer. Returns the
 * stream at once and fills it as batches arrive; an error midway destroys it (the client sees a cut
 * download rather than a file that looks whole).
 */
export async function exportParticipants(deps: AppDeps, eventId: number, query: ParticipantExportQuery) {
  // 404 for an unknown event; the columns are the labels of the event's own form version.
  const { fields } = await eventFormDefinition(deps.db, eventId);
  const headers = [...baseHeaders, ...fields.map((f) => f.label)];
  const out = new PassThrough();
  const lines = (async function* () {
    for await (const rows of batches(deps, eventId, query)) yield rows.map((r) => lineOf(r, fields));
  })();
  const write = query.format === 'csv' ? writeCsv : writeXlsx;
  write(out, lines, headers).catch((error) => out.destroy(error as Error));
  const fileName = `participantes_evento_${eventId}_${deps.clock.today()}.${query.format}`;
  const contentType =
    query.format === 'csv'
      ? 'text/csv; charset=utf-8'
      : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  return { stream: out, fileName, contentType };
}
