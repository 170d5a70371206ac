import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { screenshotsDir } from './browser.js';

/**
 * Renders the first page of a PDF with pdftoppm (poppler) and returns the share of pixels that are
 * not white, so a test can tell a drawn page from a blank one. Also leaves a PNG in e2e/artifacts.
 */
export function firstPageInk(pdfPath: string, artifactName: string): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'bjp-pdf-'));
  try {
    execFileSync('pdftoppm', [
      '-f',
      '1',
      '-l',
      '1',
      '-r',
      '40',
      '-singlefile',
      pdfPath,
      path.join(dir, 'page'),
    ]);
    execFileSync('pdftoppm', [
      '-f',
      '1',
      '-l',
      '1',
      '-r',
      '60',
      '-png',
      '-singlefile',
      pdfPath,
      path.join(screenshotsDir, artifactName),
    ]);
    const ppm = readFileSync(path.join(dir, 'page.ppm'));
    // Binary PPM: "P6\n<w> <h>\n255\n" then RGB bytes.
    const header = ppm
      .subarray(0, 50)
      .toString('latin1')
      .match(/^P6\s+(\d+)\s+(\d+)\s+255\s/);
    if (!header) throw new Error('not a PPM file');
    const pixels = ppm.subarray(header[0].length);
    let ink = 0;
    for (let i = 0; i + 2 < pixels.length; i += 3)
      if (pixels[i]! < 200 || pixels[i + 1]! < 200 || pixels[i + 2]! < 200) ink++;
    return ink / (pixels.length / 3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
