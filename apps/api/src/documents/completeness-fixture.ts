import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';

/**
 * What the document-completeness tests share (issue 33 §1, decision 045): reading a PDF's pages as
 * text, finding the row counts at which a document gains a page, and the assertions every document
 * must pass — each row's key once, the printed totals equal to the rows, no blank page, the
 * signature on the page of the last rows it signs.
 */

export type Fill = 'empty' | 'filled';
export const fills: Fill[] = ['empty', 'filled'];

/** A student's RUDE, unique per index, and the pattern that finds RUDEs in a page's text. */
export const rude = (i: number) => `8090${String(100000000 + i)}`;
export const rudePattern = /\b8090\d{9}\b/g;

let dir: string | undefined;
let serial = 0;

/** Removes the temporary files of this test file (call from afterAll). */
export function removePdfFiles(): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
}

/**
 * With BJP_KEEP_PDFS=<folder>, writes the document there as <name>.pdf: how the pictures in
 * docs/screenshots/ are made again (pdftoppm -png -r 60 -f 1 -l 1).
 */
export function keepPdf(name: string, pdf: Buffer): void {
  const folder = process.env.BJP_KEEP_PDFS;
  if (folder) writeFileSync(join(folder, `${name}.pdf`), pdf);
}

/** The text of each page, as `pdftotext -layout` reads it (what a reader of the PDF sees). */
export function pdfPages(pdf: Buffer): string[] {
  dir ??= mkdtempSync(join(tmpdir(), 'bjp-completeness-'));
  const file = join(dir, `doc-${++serial}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\f')
    .slice(0, -1);
}

/**
 * The number of pages, from the page objects PDFKit writes uncompressed: the page-break search
 * renders dozens of documents, and spawning pdftotext for each would cost more than the render.
 */
export function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
}

/**
 * The first `count` row counts at which the document gains a page: the smallest n whose document
 * has more pages than the one of n − 1 rows (searched by doubling then bisecting, so the test
 * follows the layout when it changes instead of trusting guessed numbers).
 */
export async function pageBreaks(
  render: (rows: number) => Promise<Buffer>,
  count = 3,
  from = 1,
): Promise<number[]> {
  const seen = new Map<number, number>();
  const pages = async (n: number) => {
    if (!seen.has(n)) seen.set(n, pageCount(await render(n)));
    return seen.get(n)!;
  };
  const first = await pages(from);
  const breaks: number[] = [];
  let lo = from;
  for (let k = 1; k <= count; k++) {
    const target = first + k;
    // lo has fewer pages than the target; find some hi that has at least as many.
    let step = 8;
    let hi = lo + step;
    while ((await pages(hi)) < target) {
      lo = hi;
      step *= 2;
      hi = lo + step;
      if (hi > 5000) throw new Error(`no page ${target} below 5,000 rows`);
    }
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if ((await pages(mid)) < target) lo = mid;
      else hi = mid;
    }
    breaks.push(hi);
    lo = hi;
  }
  return breaks;
}

/** Just before, on and just after each page break. */
export const aroundBreaks = (breaks: number[]): number[] => [
  ...new Set(breaks.flatMap((b) => [b - 1, b, b + 1])),
];

const matches = (text: string, pattern: RegExp) => text.match(new RegExp(pattern.source, 'g')) ?? [];

export type Completeness = {
  /** The keys of the rows expected, in the order the document must list them. */
  keys: string[];
  /** What a row's key looks like in the text. */
  key: RegExp;
  /** Texts the document must print (its totals, counted from the rows), spaces and line breaks as one. */
  totals?: Array<string | RegExp>;
  /** The signature's text, when the document is signed. */
  signature?: RegExp;
  /** Besides rows, what a page may hold and still not be blank (a summary table's rows…). */
  otherContent?: RegExp;
};

/**
 * Every row's key exactly once and in order, the totals printed, no page without rows or other
 * content, and the signature printed once, on the page of the last row it signs.
 */
export function expectComplete(pages: string[], c: Completeness, what: string): void {
  const found = pages.flatMap((p) => matches(p, c.key));
  expect(found.length, `${what}: rows printed`).toBe(c.keys.length);
  expect(new Set(found).size, `${what}: each row once`).toBe(c.keys.length);
  expect(found, `${what}: rows in order`).toEqual(c.keys);
  // A justified sentence may wrap anywhere: its words are compared, not its line breaks.
  const text = pages.join('\n').replace(/\s+/g, ' ');
  for (const total of c.totals ?? [])
    if (typeof total === 'string') expect(text, `${what}: total`).toContain(total);
    else expect(text, `${what}: total`).toMatch(total);
  pages.forEach((page, i) => {
    const full = matches(page, c.key).length > 0 || (c.otherContent?.test(page) ?? false);
    expect(full, `${what}: page ${i + 1} of ${pages.length} is blank`).toBe(true);
  });
  if (!c.signature) return;
  const signed = pages.flatMap((p, i) => (c.signature!.test(p) ? [i] : []));
  expect(signed, `${what}: signed once`).toHaveLength(1);
  const lastRow = c.keys.at(-1);
  if (lastRow === undefined) return;
  const lastRowPage = pages.findIndex((p) => p.includes(lastRow));
  expect(signed[0], `${what}: signature beside the last rows`).toBe(lastRowPage);
}
