import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { assertZipWithinLimits, ZIP_LIMITS } from './zip-limits.js';

const dir = mkdtempSync(path.join(tmpdir(), 'bjp-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const write = (bytes: Buffer) => {
  const file = path.join(dir, `f${n++}.xlsx`);
  writeFileSync(file, bytes);
  return file;
};
const deflated = (entries: Record<string, string>) => {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(entries)) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
};

describe('the limits an XLSX must unpack within (issue 34)', () => {
  it('lets a spreadsheet Excel would write through, rows of real text included', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Pagos');
    for (let i = 0; i < 20_000; i++)
      sheet.addRow([
        `8090${100000000 + i}`,
        200,
        '15/11/2025',
        'BANCO UNIÓN',
        `AGENCIA ${i % 97}`,
        'VENTANILLA',
      ]);
    const file = write(Buffer.from(await book.xlsx.writeBuffer()));
    await expect(assertZipWithinLimits(file)).resolves.toBeUndefined();
  });

  it('refuses an entry that deflates past the ratio, without decompressing it', async () => {
    const file = write(await deflated({ 'xl/worksheets/sheet1.xml': '<row/>'.repeat(1_000_000) }));
    await expect(assertZipWithinLimits(file)).rejects.toThrow(/se descomprime en demasiados datos/);
  });

  it('refuses entries whose sizes add up past the total, even at an ordinary ratio', async () => {
    const text = Array.from(
      { length: 40_000 },
      (_, i) => `<c r="A${i}"><v>${(i * 7919) % 100003}</v></c>`,
    ).join('');
    const file = write(await deflated({ a: text, b: text, c: text }));
    const limits = { ...ZIP_LIMITS, totalUncompressedBytes: text.length * 2 };
    await expect(assertZipWithinLimits(file, limits)).rejects.toThrow(/demasiados datos/);
    await expect(assertZipWithinLimits(file)).resolves.toBeUndefined();
  });

  it('refuses too many entries, and a damaged directory as unreadable', async () => {
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`p${i}`, 'x']));
    const file = write(await deflated(many));
    await expect(assertZipWithinLimits(file, { ...ZIP_LIMITS, entries: 20 })).rejects.toThrow(
      /demasiados datos/,
    );
    const damaged = write(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]));
    await expect(assertZipWithinLimits(damaged)).rejects.toThrow(/no se puede leer como planilla/);
  });
});
