import { Readable } from 'node:stream';
import { importMessages } from '@bjp/domain';
import { describe, expect, it } from 'vitest';
import { CsvForCopy, copyErrorMessage } from './csv-copy.js';

/** The file as COPY would receive it, and the header cells the caller saw. */
async function prepare(bytes: Buffer | string, encoding: 'utf-8' | 'latin1' = 'utf-8', keep = 3) {
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  // Pieces of 7 bytes: records, quotes and CRLFs split across pieces.
  const pieces: Buffer[] = [];
  for (let at = 0; at < data.length; at += 7) pieces.push(data.subarray(at, at + 7));
  let header: string[] = [];
  const csv = new CsvForCopy(Readable.from(pieces), encoding, (cells) => {
    header = cells;
    return { keep, width: cells.length };
  });
  let out = '';
  for await (const chunk of csv.chunks()) out += chunk.toString('utf8');
  return { out, header, csv };
}

describe('CSV prepared for COPY', () => {
  it('prefixes each row with its line, drops the BOM, CRs, empty lines and rows of empty cells', async () => {
    const { out, header, csv } = await prepare('\uFEFFA;B;C\r\n1;2;3\r\n\r\n;;\r\n4;"x;""y""";6\r\n');
    expect(header).toEqual(['A', 'B', 'C']);
    expect(out).toBe('2;;1;2;3\n5;;4;"x;""y""";6\n');
    expect(csv.rows).toBe(2);
    expect(csv.delimiter).toBe(';');
    // COPY's line 2 is the file's line 5.
    expect(csv.lineOf(1)).toBe(2);
    expect(csv.lineOf(2)).toBe(5);
  });

  it('keeps the line a quoted cell spanning lines starts on; a last row without a line end is read', async () => {
    const { out, csv } = await prepare('A,B,C\n"uno\ndos",2,3\n7,8,9');
    expect(out).toBe('2,,"uno\ndos",2,3\n4,,7,8,9\n');
    expect(csv.delimiter).toBe(',');
    expect(csv.lineOf(2)).toBe(4);
  });

  it('pads a short row, drops empty cells past the layout, flags a row with something past the header', async () => {
    const { out } = await prepare('A;B;C;\n1;2\n1;2;3;;\n1;2;3;;x\n', 'utf-8', 3);
    // The header has 4 cells (a trailing separator); the layout keeps 3.
    expect(out).toBe('2;;1;2;\n3;;1;2;3\n4;5;;;\n');
  });

  it('transcodes Latin-1 (Windows-1252) to UTF-8', async () => {
    const { out } = await prepare(
      Buffer.from(Buffer.from('A;B;C\nMUÑOZ;MAÑANA;€\n', 'latin1').map((b) => (b === 0xac ? 0x80 : b))),
      'latin1',
    );
    expect(out).toBe('2;;MUÑOZ;MAÑANA;€\n');
  });

  it('refuses, with the line, a quote not closed, a quote inside a cell, text after a closing quote, a NUL', async () => {
    await expect(prepare('A;B;C\n1;2;3\n4;"5;6\n7;8;9\n')).rejects.toThrow(importMessages.quoting(3));
    await expect(prepare('A;B;C\n1;2;3\n1;2;3\n4;a"b;6\n')).rejects.toThrow(importMessages.quoting(4));
    await expect(prepare('A;B;C\n"1\n2"x;2;3\n')).rejects.toThrow(importMessages.quoting(3));
    await expect(prepare('A;B;C\n1;\u0000;3\n')).rejects.toThrow(importMessages.notText);
    await expect(prepare('')).rejects.toThrow(importMessages.empty);
    await expect(prepare('A;B;C\r\n\r\n')).rejects.toThrow(importMessages.noRows);
  });

  it("names the file's line in PostgreSQL's refusals of the COPY: a quote, a row's width", () => {
    const lineOf = (n: number) => n + 3;
    expect(
      copyErrorMessage(
        { code: '22P04', message: 'unterminated CSV quoted field', where: 'COPY roll_raw, line 7' },
        lineOf,
      ),
    ).toBe(importMessages.quoting(10));
    expect(
      copyErrorMessage(
        {
          code: '22P04',
          message: 'extra data after last expected column',
          where: 'COPY roll_raw, line 2: "2;;1;2;3;4"',
        },
        lineOf,
      ),
    ).toBe(importMessages.csvShape(5, 'la fila no tiene las columnas de la cabecera'));
    expect(copyErrorMessage({ code: '57P01', message: 'terminating connection' }, lineOf)).toBeNull();
  });
});
