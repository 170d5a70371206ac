import type { InstitutionReport } from '@bjp/domain';
import { afterAll, describe, expect, it } from 'vitest';
import {
  aroundBreaks,
  type Fill,
  keepPdf,
  pageBreaks,
  pdfPages,
  removePdfFiles,
  rude,
  rudePattern,
} from './completeness-fixture.js';
import type { StudentDetail } from './inputs.js';
import { studentsPdf } from './reports/students-pdf.js';

/**
 * Issue 33 §1: the school report ('Reporte Estudiantes-Tutores-Pagados') lists every student once,
 * its printed total equals its rows, no page is blank, and the signature shares its page with the
 * last students — for lists just before, on and just after each of the first three page breaks, and
 * for 1,500 students, with every cell empty and with every cell filled to its longest realistic
 * content. The documents are rendered one after another in one process, as the document worker
 * does: a definition node shared between two renders (a module's signature block) used to reach the
 * second one already measured by pdfmake, which then dropped the signature and the rows kept with it.
 */
afterAll(removePdfFiles);
const printedAt = new Date('2026-11-20T15:30:00Z');

function students(count: number, fill: Fill): StudentDetail[] {
  const filled = fill === 'filled';
  return Array.from({ length: count }, (_, i) => ({
    // Regular schools: courses of 30 (the report groups by shift, level, grade and parallel).
    shiftId: 1,
    levelId: 12,
    gradeId: 1 + (Math.floor(i / 30) % 6),
    parallelId: 1 + Math.floor(i / 180),
    rude: rude(i),
    firstLastName: filled ? 'FERNÁNDEZ DE CÓRDOVA' : 'QUISPE',
    secondLastName: filled ? 'VILLAVICENCIO MAMANI' : '',
    name: filled ? 'MARÍA DE LOS ÁNGELES GUADALUPE' : 'ANA',
    birthDate: '2014-03-04',
    titularCarnet: filled ? '12345678-1A' : null,
    titularName: filled ? 'RODRÍGUEZ VILLAVICENCIO JUAN CARLOS DE LA CRUZ' : null,
    titularType: filled ? 'PADRE/MADRE/TUTOR' : null,
    state: filled ? 'PAGADO' : 'NO_PAGADO',
    paid: filled,
    bankPaid: filled,
    paidOn: filled ? '2026-10-27' : null,
    mode: filled ? 'VENTANILLA AGENCIA CENTRAL' : null,
    bank: filled ? 'Banco de Crédito de Bolivia S.A.' : null,
  })) as StudentDetail[];
}

function report(codeType: 1 | 4): InstitutionReport {
  return {
    year: 2026,
    institution: {
      id: 20010174,
      name: 'CENTRO DE EDUCACIÓN ESPECIAL SAN FRANCISCO DE ASÍS',
      typeName: codeType === 4 ? 'Centro de Educación Especial' : 'Unidad Educativa',
      codeType,
      districtName: 'LA PAZ 1',
      departmentName: 'LA PAZ',
      dependencyName: 'Fiscal',
      areaName: 'Urbana',
    },
  } as unknown as InstitutionReport;
}

const render = (rows: StudentDetail[], codeType: 1 | 4) => studentsPdf(report(codeType), rows, printedAt);
const pagesOf = async (rows: StudentDetail[], codeType: 1 | 4) => pdfPages(await render(rows, codeType));

/** The pages of the list: up to the signature (the pending summary after it repeats some RUDEs). */
function listPages(pages: string[]): string[] {
  const signed = pages.findIndex((p) => p.includes('Firma y sello'));
  return signed < 0 ? pages : pages.slice(0, signed + 1);
}

function assertComplete(pages: string[], count: number) {
  const list = listPages(pages);
  const found = list.flatMap((p) => p.match(rudePattern) ?? []);
  expect(found.length).toBe(count);
  expect(new Set(found).size).toBe(count);
  expect(pages.join('\n')).toContain(`Total estudiantes: ${count.toLocaleString('en-US')}`);
  // Signed once, on the last page of the list, beside students.
  expect(pages.filter((p) => p.includes('Firma y sello'))).toHaveLength(1);
  expect(list.at(-1)!.match(rudePattern)?.length ?? 0).toBeGreaterThan(0);
  // No page holds only the heading and the footer: each lists students (the pending summary too) or
  // the courses' counts (a regular school's first pages: their rows name the shift).
  for (const page of pages) {
    expect(rudePattern.test(page) || /Mañana/.test(page)).toBe(true);
    rudePattern.lastIndex = 0;
  }
}

describe.each([
  [4, 'empty'],
  [4, 'filled'],
  [1, 'empty'],
  [1, 'filled'],
] as const)('school report, code type %i, cells %s', (codeType, fill) => {
  it('lists every student once and signs beside them at each of the first three page breaks', async () => {
    // The row counts at which the report gains a page (found by rendering, see pageBreaks).
    const breaks = await pageBreaks((count) => render(students(count, fill), codeType));
    expect(breaks).toHaveLength(3);
    for (const count of aroundBreaks(breaks)) {
      const pdf = await render(students(count, fill), codeType);
      if (fill === 'filled' && count === breaks[1]) keepPdf(`pdf-school-report-code-type-${codeType}`, pdf);
      assertComplete(pdfPages(pdf), count);
    }
  });

  // 1,500 once per code type, with the fullest cells (the longest layout): the runtime stays small.
  if (fill === 'filled')
    it('lists all of 1,500 students', async () => {
      assertComplete(await pagesOf(students(1500, fill), codeType), 1500);
    });
});
