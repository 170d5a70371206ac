import type { AddressInfo } from 'node:net';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeEvent, sampleFields, tempDataDir } from '../../test/factories/events.js';
import { makeUser } from '../../test/factories.js';

/**
 * Issue 15: the participants export of a big event streams in pages and leaves the server free to
 * answer others while it runs. Over a real socket, so the download is read as a browser reads it.
 */
let ctx: TestContext;
let admin = '';
let base = '';
let eventId = 0;
const ROWS = 6000;

beforeAll(async () => {
  ctx = await createTestApp({ env: { DATA_DIR: tempDataDir() } });
  const db = ctx.handle.db;
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  eventId = (await makeEvent(db, { maximum: ROWS, fields: sampleFields() })).id;
  // Several thousand enrollments at once, one a minute, as the seed of the bench does.
  await db.execute(sql`
    insert into event_enrollments (event_id, document, complement, nationality, first_last_name,
      second_last_name, name, phone, email, job, institution, position, birth_date, department, extra,
      created_at)
    select ${eventId}, (3000000 + g)::text, '', 1, 'Mamani', 'Quispe', 'Participante ' || g,
      '71234567', 'p' || g || '@correo.bo', 'Docente', 'Unidad Educativa', 'Profesora',
      date '1990-01-01', 'La Paz',
      jsonb_build_object('colegio', 'Colegio ' || g, 'turno', '1', 'acepta', true),
      timestamptz '2025-11-01 12:00:00+00' + g * interval '1 minute'
    from generate_series(1, ${ROWS}) as g`);
  // Every place taken, as the enrollments themselves would have left the seats.
  await db.execute(sql`update event_seats set remaining = 0 where event_id = ${eventId}`);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => ctx.close());

const fetchAs = (url: string) => fetch(`${base}${url}`, { headers: bearer(admin) });

/**
 * The database reads in the order the server made them: 'page' for a page of the export, 'list' for
 * the participants list. Shows whether the export let another request in between its pages.
 */
function recordReads() {
  const db = ctx.handle.db;
  const original = db.execute.bind(db);
  const dialect = new PgDialect();
  const reads: string[] = [];
  db.execute = ((query: SQL) => {
    const text = dialect.sqlToQuery(query).sql;
    if (text.includes('cursor_at')) reads.push('page');
    else if (text.includes('with page as')) reads.push('list');
    return original(query);
  }) as typeof db.execute;
  const stop = () => {
    db.execute = original;
  };
  return { reads, stop };
}

describe('export of a big event', () => {
  it('writes every row, and another request is answered before the download ends', async () => {
    const order: string[] = [];
    const recording = recordReads();
    const res = await fetchAs(`/events/${eventId}/participants/export?format=xlsx`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    expect(first.done).toBe(false);
    chunks.push(first.value!);

    // The export has begun sending: another user's list asked now must not wait for its end.
    const other = fetchAs(`/events/${eventId}/participants?pageSize=5`).then(async (r) => {
      const body = await r.json();
      order.push('list');
      return { status: r.status, body };
    });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    order.push('export');
    recording.stop();
    const list = await other;
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(ROWS);
    expect(order).toEqual(['list', 'export']);
    // The list was read while the export still had pages to read: it did not wait for the export.
    const { reads } = recording;
    expect(reads.filter((r) => r === 'list')).toHaveLength(1);
    expect(reads.lastIndexOf('page')).toBeGreaterThan(reads.indexOf('list'));

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Participantes')!;
    // A blank first line, the header on row 2, then one row per enrollment, newest first.
    expect(sheet.getRow(2).getCell(2).value).toBe('Apellido paterno');
    expect(sheet.actualRowCount).toBe(ROWS + 1);
    expect(sheet.getRow(3).getCell(4).value).toBe(`Participante ${ROWS}`);
    expect(sheet.getRow(ROWS + 2).getCell(4).value).toBe('Participante 1');
    const ids = new Set<unknown>();
    sheet.eachRow((row, n) => {
      if (n > 2) ids.add(row.getCell(1).value);
    });
    expect(ids.size).toBe(ROWS);
  });

  it('writes every row of the CSV once', async () => {
    const res = await fetchAs(`/events/${eventId}/participants/export?format=csv`);
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(ROWS + 1);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(ROWS);
  });
});
