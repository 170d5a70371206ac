import type { PaidReport } from '@bjp/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfPages, removePdfFiles, rude } from './completeness-fixture.js';
import { declarationDocument } from './holders/declaration-pdf.js';
import type { DeclarationData, ReportStudent } from './inputs.js';
import { paidReportPdf } from './paid-validation/report-pdf.js';
import { renderPdf } from './pdf-printer.js';

/**
 * Issue 12, part 5: the signature block always shares its page with what it signs. Tables of every
 * length across a page boundary are rendered, and `pdftotext -layout` tells, page by page, that the
 * page holding the signature also holds rows of the table (or its totals).
 */
afterAll(removePdfFiles);
const printedAt = new Date('2025-11-20T15:30:00Z');

function declaration(students: number): DeclarationData {
  const counts = {
    total: students,
    apoderados: students,
    maestros: 0,
    directores: 0,
    removed: 0,
    pending: 0,
  };
  return {
    sie: 80730460,
    name: 'UNIDAD EDUCATIVA JOSÉ MARÍA LINARES',
    typeName: 'Unidad Educativa Regular',
    codeType: 1,
    district: 'EL ALTO 1',
    department: 'LA PAZ',
    year: 2025,
    consolidatedAt: new Date('2025-10-28T14:05:00Z'),
    consolidatedBy: 'MARÍA QUISPE',
    rows: [{ shift: 'MAÑANA', level: 'Primaria', gradeId: 1, parallelId: 1, ...counts }],
    totals: counts,
    students: Array.from({ length: students }, (_, i) => ({
      shiftId: 1,
      levelId: 12,
      gradeId: 1,
      parallelId: 1,
      rude: rude(i),
      student: `QUISPE MAMANI JOSÉ ${i}`,
      birthDate: '2015-03-04',
      titularCarnet: String(4000000 + i),
      titularName: `MAMANI PEÑA MARÍA ${i}`,
      titularType: 'APODERADO',
    })),
  };
}

function paid(holders: number, notPaid: number) {
  const rows = Array.from({ length: holders }, (_, i) => ({
    personId: i + 1,
    carnet: String(3000000 + i),
    complemento: '',
    paterno: 'CONDORI',
    materno: 'ÁLVAREZ',
    name: `JOSÉ ${i}`,
    holderTypeName: 'MAESTRO',
    total: 3,
    totalPaid: 3,
    totalPending: 0,
    saldo: 0,
  }));
  const students: ReportStudent[] = Array.from({ length: notPaid }, (_, i) => ({
    titular: 'CONDORI ÁLVAREZ JOSÉ 0',
    rude: rude(i),
    student: `QUISPE MAMANI JOSÉ ${i}`,
    nivel: 'Especial',
    grado: 'Primero',
    isPaid: false,
    observation: 'No asistió al pago.',
  }));
  const report: PaidReport = {
    sie: 80730999,
    name: 'CENTRO DE EDUCACIÓN ESPECIAL SAN JOSÉ',
    codeType: 4,
    typeName: 'Centro de Educación Especial',
    departmentName: 'LA PAZ',
    districtName: 'EL ALTO 1',
    year: 2025,
    consolidatedAt: '2025-11-18T13:00:00.000Z',
    consolidatedBy: 'MARÍA QUISPE',
    amountPerStudent: 200,
    rows,
    totals: { total: holders * 3, totalPaid: holders * 3, totalPending: 0 },
    saldo: notPaid * 200,
    saldoText: (notPaid * 200).toFixed(2),
  };
  return { report, students };
}

/** Every key of `pattern` in the document, once each, `count` in all (issue 33 §1: no row left out). */
function expectEachOnce(pages: string[], pattern: RegExp, count: number, what: string) {
  const found = pages.join('\n').match(new RegExp(pattern.source, 'g')) ?? [];
  expect(found.length, `${what}: rows printed`).toBe(count);
  expect(new Set(found).size, `${what}: each row once`).toBe(count);
}

/** The page holding the signature, and whether it also holds rows of `rowPattern` or the totals. */
function signaturePage(pages: string[], signature: RegExp, rowPattern: RegExp) {
  const index = pages.findIndex((p) => signature.test(p));
  expect(index, 'signature printed').toBeGreaterThanOrEqual(0);
  const page = pages[index]!;
  return { index, withRows: rowPattern.test(page) || /TOTAL/.test(page) };
}

describe('the signature block stays with what it signs', () => {
  it("holders' declaration: for every list length across page breaks", async () => {
    let moved = 0;
    for (let students = 10; students <= 70; students += 2) {
      const pages = pdfPages(await renderPdf(declarationDocument(declaration(students), printedAt)));
      const { index, withRows } = signaturePage(pages, /Firma y sello del Director/, /8090\d{9}/);
      expect(withRows, `${students} students: signature alone on page ${index + 1}`).toBe(true);
      expectEachOnce(pages, /8090\d{9}/, students, `${students} students`);
      if (index > 0) moved++;
      // A tail moved to a new page repeats the columns' headings above its rows.
      if (index > 0) expect(pages[index]).toMatch(/RUDE/);
    }
    // The sweep did cross page boundaries (the case of the issue: the signature on page 2).
    expect(moved).toBeGreaterThan(5);
  });

  it('gives the same bytes when the same declaration is printed again at the same moment', async () => {
    // Another document in between: the signed tables' numbering must not leak from one to the next.
    const first = await renderPdf(declarationDocument(declaration(40), printedAt));
    await renderPdf(declarationDocument(declaration(12), printedAt));
    const again = await renderPdf(declarationDocument(declaration(40), printedAt));
    expect(again.equals(first)).toBe(true);
  });

  it('paid-validation DDJJ: holders table and not-paid list of every length', async () => {
    for (let holders = 14; holders <= 34; holders += 2) {
      const { report, students } = paid(holders, 0);
      const pages = pdfPages(await paidReportPdf(report, students, printedAt));
      const { index, withRows } = signaturePage(pages, /Firma y sello del Director/, /3000\d{3}/);
      expect(withRows, `${holders} holders: signature alone on page ${index + 1}`).toBe(true);
      expect(pages[index]).toMatch(/SALDO A DEVOLVER EN BOLIVIANOS/);
      expectEachOnce(pages, /\b3000\d{3}\b/, holders, `${holders} holders`);
    }
    for (let notPaid = 1; notPaid <= 40; notPaid += 4) {
      const { report, students } = paid(10, notPaid);
      const pages = pdfPages(await paidReportPdf(report, students, printedAt));
      const { index, withRows } = signaturePage(pages, /Firma y sello del Director/, /8090\d{9}/);
      expect(withRows, `${notPaid} not paid: signature alone on page ${index + 1}`).toBe(true);
      expectEachOnce(pages, /8090\d{9}/, notPaid, `${notPaid} not paid`);
    }
  });
});
