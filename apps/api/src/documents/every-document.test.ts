import {
  formatCount,
  type PaidReport,
  type PlaceReport,
  paidMessages,
  reconciliationMessages,
  reconciliationStateLabel,
  reconciliationStates,
  type TrackingRow,
} from '@bjp/domain';
import { afterAll, describe, expect, it } from 'vitest';
import {
  aroundBreaks,
  type Completeness,
  expectComplete,
  type Fill,
  fills,
  keepPdf,
  pageBreaks,
  pdfPages,
  removePdfFiles,
  rude,
  rudePattern,
} from './completeness-fixture.js';
import { declarationDocument } from './holders/declaration-pdf.js';
import type { DeclarationData, DeclarationStudent, ReconciliationDocument, ReportStudent } from './inputs.js';
import { paidReportPdf } from './paid-validation/report-pdf.js';
import { renderPdf } from './pdf-printer.js';
import { placeReportPdf } from './reports/place-report-pdf.js';
import { reconciliationPdf } from './reports/reconciliation-pdf.js';
import { trackingPdf } from './reports/tracking-pdf.js';

/**
 * Issue 33 §1 for every PDF but the school report (completeness.test.ts): each document is rendered,
 * in one process one after another as the document worker does, with row counts just before, on and
 * just after each of its first three page breaks (found by rendering, see `pageBreaks`) and with
 * 1,500 rows, its cells empty and filled to their longest realistic content; its text must list
 * every row once and in order, print totals equal to the rows, leave no page blank and sign beside
 * the last rows it signs.
 */
afterAll(removePdfFiles);
const printedAt = new Date('2026-11-20T15:30:00Z');
const LONG_NAME = 'FERNÁNDEZ DE CÓRDOVA VILLAVICENCIO MARÍA DE LOS ÁNGELES GUADALUPE';
const LONG_TITULAR = 'RODRÍGUEZ VILLAVICENCIO JUAN CARLOS DE LA CRUZ';
const LONG_SCHOOL = 'UNIDAD EDUCATIVA PRIVADA DE CONVENIO SAN FRANCISCO DE ASÍS FE Y ALEGRÍA';

const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

type Case = { render: (rows: number) => Promise<Buffer>; expected: (rows: number) => Completeness };

/** The page-break sweep and the 1,500 rows of one document. */
function sweep(name: string, make: (fill: Fill) => Case, large = true) {
  describe(name, () => {
    for (const fill of fills) {
      it(`cells ${fill}: complete just before, on and after each of the first three page breaks`, async () => {
        const c = make(fill);
        const breaks = await pageBreaks(c.render);
        expect(breaks).toHaveLength(3);
        for (const rows of aroundBreaks(breaks)) {
          const pdf = await c.render(rows);
          if (fill === 'filled' && rows === breaks[1]) keepPdf(`pdf-${slug(name)}`, pdf);
          expectComplete(pdfPages(pdf), c.expected(rows), `${name}, ${fill}, ${rows} rows`);
        }
      });
    }
    // Once per document, the fullest cells: the longest layout.
    if (large)
      it('cells filled: complete with 1,500 rows', async () => {
        const c = make('filled');
        expectComplete(pdfPages(await c.render(1500)), c.expected(1500), `${name}, 1,500 rows`);
      });
  });
}

// ——— Holders' declaration ———

function declarationStudents(count: number, fill: Fill, codeType: 1 | 4): DeclarationStudent[] {
  const filled = fill === 'filled';
  return Array.from({ length: count }, (_, i) => ({
    // A regular school: courses of 30 in course order (grade, then parallel; secondary after 1,080).
    shiftId: 1,
    levelId: codeType === 4 ? 1 : 12 + Math.floor(i / 1080),
    gradeId: codeType === 4 ? 1 : 1 + (Math.floor(i / 180) % 6),
    parallelId: codeType === 4 ? 1 : 1 + (Math.floor(i / 30) % 6),
    rude: rude(i),
    student: filled ? LONG_NAME : 'QUISPE ANA',
    birthDate: '2014-03-04',
    titularCarnet: filled ? '12345678-1A' : null,
    titularName: filled ? LONG_TITULAR : null,
    titularType: filled ? 'PADRE/MADRE/TUTOR' : null,
  }));
}

function declaration(count: number, fill: Fill, codeType: 1 | 4): DeclarationData {
  const students = declarationStudents(count, fill, codeType);
  const filled = fill === 'filled';
  const counts = (n: number) => ({
    total: n,
    apoderados: filled ? n : 0,
    maestros: 0,
    directores: 0,
    removed: 0,
    pending: filled ? 0 : n,
  });
  const courses = new Map<string, DeclarationStudent[]>();
  for (const s of students) {
    const key = `${s.levelId}|${s.gradeId}|${s.parallelId}`;
    courses.set(key, [...(courses.get(key) ?? []), s]);
  }
  return {
    sie: 80730460,
    name: LONG_SCHOOL,
    typeName: codeType === 4 ? 'Centro de Educación Especial' : 'Unidad Educativa Regular',
    codeType,
    district: 'EL ALTO 1',
    department: 'LA PAZ',
    year: 2026,
    consolidatedAt: new Date('2026-10-28T14:05:00Z'),
    consolidatedBy: 'MARÍA QUISPE',
    rows: [...courses.values()].map((list) => ({
      shift: 'MAÑANA',
      level: list[0]!.levelId === 13 ? 'Secundaria' : 'Primaria',
      gradeId: list[0]!.gradeId,
      parallelId: list[0]!.parallelId,
      ...counts(list.length),
    })),
    totals: counts(count),
    students,
  };
}

for (const codeType of [1, 4] as const)
  sweep(`holders' declaration, code type ${codeType}`, (fill) => ({
    render: (rows) => renderPdf(declarationDocument(declaration(rows, fill, codeType), printedAt)),
    expected: (rows) => ({
      keys: declarationStudents(rows, fill, codeType).map((s) => s.rude),
      key: rudePattern,
      totals: [`de ${formatCount(rows)} inscritos`],
      signature: /Firma y sello del Director/,
      // The courses' counts and the pending summary name the shift on each of their rows.
      otherContent: /RESUMEN POR CURSO|MAÑANA/,
    }),
  }));

// ——— Paid-validation DDJJ (special centre) and report (regular school) ———

const carnet = (i: number) => String(31000000 + i);
const carnetPattern = /\b310\d{5}\b/g;

/** `holders` teachers collecting for `students` students, `notPaid` of them declared NO PAGADO. */
function paid(holders: number, students: number, notPaid: number, fill: Fill, codeType: 1 | 4) {
  const filled = fill === 'filled';
  const share = (total: number, i: number) => Math.floor(total / holders) + (i < total % holders ? 1 : 0);
  const rows = Array.from({ length: holders }, (_, i) => {
    const total = share(students, i);
    const totalPending = share(notPaid, i);
    return {
      personId: i + 1,
      carnet: carnet(i),
      complemento: filled ? '1A' : '',
      paterno: filled ? 'FERNÁNDEZ DE CÓRDOVA' : 'CONDORI',
      materno: filled ? 'VILLAVICENCIO MAMANI' : '',
      name: filled ? 'JUAN CARLOS DE LA CRUZ' : 'JOSÉ',
      holderTypeName: i === 0 ? 'DIRECTOR' : 'MAESTRO',
      total,
      totalPaid: total - totalPending,
      totalPending,
      saldo: totalPending * 200,
    };
  });
  const list: ReportStudent[] = Array.from({ length: students }, (_, i) => ({
    titular: filled ? LONG_TITULAR : 'CONDORI JOSÉ',
    rude: rude(i),
    student: filled ? LONG_NAME : 'QUISPE ANA',
    nivel: codeType === 4 ? 'Especial' : 'Primaria',
    grado: 'Primero',
    isPaid: i >= notPaid,
    observation:
      i >= notPaid ? null : filled ? 'No asistió al pago: el titular estaba de viaje por trabajo.' : null,
  }));
  const saldo = notPaid * 200;
  const report: PaidReport = {
    sie: 80730999,
    name: LONG_SCHOOL,
    codeType,
    typeName: codeType === 4 ? 'Centro de Educación Especial' : 'Unidad Educativa',
    departmentName: 'LA PAZ',
    districtName: 'EL ALTO 1',
    year: 2026,
    consolidatedAt: '2026-11-18T13:00:00.000Z',
    consolidatedBy: 'MARÍA QUISPE',
    amountPerStudent: 200,
    rows,
    totals: { total: students, totalPaid: students - notPaid, totalPending: notPaid },
    saldo,
    saldoText: saldo.toLocaleString('en-US', { minimumFractionDigits: 2 }),
  };
  return { report, students: list };
}

const holdersTotals = (students: number, notPaid: number) =>
  new RegExp(
    `TOTALES\\s+${formatCount(students)}\\s+${formatCount(students - notPaid)}\\s+${formatCount(notPaid)}`,
  );

sweep(
  'paid-validation DDJJ, holders (no student declared NO PAGADO)',
  (fill) => ({
    render: (rows) => {
      const { report, students } = paid(rows, rows * 3, 0, fill, 4);
      return paidReportPdf(report, students, printedAt);
    },
    expected: (rows) => ({
      keys: Array.from({ length: rows }, (_, i) => carnet(i)),
      key: carnetPattern,
      totals: [holdersTotals(rows * 3, 0), paidMessages.saldoLabel],
      signature: /Firma y sello del Director/,
    }),
  }),
  // A centre has a few dozen teachers: 1,500 is the students' count, swept below.
  false,
);

sweep('paid-validation DDJJ, students declared NO PAGADO', (fill) => ({
  render: (rows) => {
    const { report, students } = paid(8, rows, rows, fill, 4);
    return paidReportPdf(report, students, printedAt);
  },
  expected: (rows) => ({
    keys: Array.from({ length: rows }, (_, i) => rude(i)),
    key: rudePattern,
    totals: [holdersTotals(rows, rows), `los ${formatCount(rows)} estudiantes declarados NO PAGADO`],
    signature: /Firma y sello del Director/,
    otherContent: carnetPattern,
  }),
}));

sweep('paid-validation report, regular school', (fill) => ({
  render: (rows) => {
    const { report, students } = paid(8, rows, Math.floor(rows / 10), fill, 1);
    return paidReportPdf(report, students, printedAt);
  },
  expected: (rows) => ({
    keys: Array.from({ length: rows }, (_, i) => rude(i)),
    key: rudePattern,
    totals: [holdersTotals(rows, Math.floor(rows / 10))],
    signature: /Firma y sello del Director/,
    otherContent: carnetPattern,
  }),
}));

// ——— Tracking ———

const sie = (i: number) => 71000000 + i;

function trackingRows(count: number, fill: Fill): TrackingRow[] {
  const filled = fill === 'filled';
  return Array.from({ length: count }, (_, i) => ({
    rowNumber: i + 1,
    institutionId: sie(i),
    name: filled ? LONG_SCHOOL : 'UE ANTOFAGASTA',
    districtId: 1,
    districtName: filled ? 'CARANAVI - ALTO BENI - PALOS BLANCOS' : 'ACHACACHI',
    subsystem: filled ? 'EDUCACIÓN ESPECIAL' : 'REGULAR',
    status: i % 3 === 0 ? 'PENDIENTE' : 'CONCLUIDO',
    consolidatedAt: null,
  }));
}

sweep('tracking', (fill) => ({
  render: (rows) => {
    const list = trackingRows(rows, fill);
    const pending = list.filter((r) => r.status === 'PENDIENTE').length;
    return trackingPdf({
      place: { level: 'department', id: 2, name: 'LA PAZ', departmentId: 2, departmentName: 'LA PAZ' },
      year: 2026,
      counts: { total: rows, concluded: rows - pending, pending },
      rows: list,
      filtersLabel: 'Filtros: todos los distritos, todos los subsistemas, todos los estados',
      printedAt,
    });
  },
  expected: (rows) => ({
    keys: Array.from({ length: rows }, (_, i) => String(sie(i))),
    key: /\b710\d{5}\b/g,
    totals: [`Total: ${formatCount(rows)}`],
  }),
}));

// ——— Reconciliation ———

/** Schools of 40 students, the rows of the place's reconciliation in the report's order. */
function reconciliation(count: number, fill: Fill): ReconciliationDocument {
  const filled = fill === 'filled';
  const rows = Array.from({ length: count }, (_, i) => {
    const state = reconciliationStates[i % 3]!;
    const school = Math.floor(i / 40);
    return {
      rowNumber: i + 1,
      departmentName: 'LA PAZ',
      districtId: 1,
      districtName: filled ? 'CARANAVI - ALTO BENI' : 'ACHACACHI',
      sie: 80730000 + school,
      schoolName: filled ? LONG_SCHOOL : 'UE ANTOFAGASTA',
      rude: rude(i),
      studentName: filled ? LONG_NAME : 'QUISPE ANA',
      course: filled ? 'Secundaria · Sexto - F · Mañana' : 'Primaria · Primero - A · Mañana',
      titularCarnet: filled ? '12345678-1A' : null,
      titularName: filled ? LONG_TITULAR : null,
      titularType: filled ? 'PADRE/MADRE/TUTOR' : null,
      bankPaid: filled,
      paidOn: filled ? '2026-10-27' : null,
      bank: filled ? 'Banco de Crédito de Bolivia S.A.' : null,
      mode: filled ? 'VENTANILLA AGENCIA CENTRAL' : null,
      declared: filled ? ('NO_PAGADO' as const) : null,
      declaredLabel: filled ? 'NO PAGADO' : 'No figura',
      declarationVersion: filled ? 3 : null,
      declarationDate: filled ? '2026-11-18T13:00:00.000Z' : null,
      state,
      stateLabel: reconciliationStateLabel(state),
      effect: filled ? 'Devolver al programa' : '',
      amount: 200,
    };
  });
  const figure = (state: (typeof reconciliationStates)[number]) => {
    const students = rows.filter((r) => r.state === state).length;
    return {
      state,
      label: reconciliationStateLabel(state),
      effect: 'Efecto',
      description: 'Descripción',
      students,
      amount: students * 200,
    };
  };
  const states = reconciliationStates.map(figure);
  return {
    place: { level: 'department', id: 2, name: 'LA PAZ', departmentName: 'LA PAZ', districtName: null },
    year: 2026,
    amountPerStudent: 200,
    state: null,
    summary: {
      consolidatedSchools: Math.ceil(count / 40),
      states,
      students: count,
      amount: count * 200,
      toReturn: states[0]!.amount,
    },
    rows,
    printedAt,
  };
}

sweep('reconciliation', (fill) => ({
  render: (rows) => reconciliationPdf(reconciliation(rows, fill)),
  expected: (rows) => ({
    keys: Array.from({ length: rows }, (_, i) => rude(i)),
    key: rudePattern,
    totals: [
      `Total de la conciliación: ${formatCount(rows)} estudiante${rows === 1 ? '' : 's'}`,
      ...Array.from({ length: Math.ceil(rows / 40) }, (_, s) => {
        const n = Math.min(40, rows - s * 40);
        return `Subtotal SIE ${80730000 + s}: ${formatCount(n)} estudiante${n === 1 ? '' : 's'}`;
      }),
    ],
    signature: new RegExp(reconciliationMessages.signature),
    otherContent: /Resumen por estado/,
  }),
}));

// ——— Place reports (national, department, district) ———

function placeReport(level: PlaceReport['place']['level'], fill: Fill): PlaceReport {
  const filled = fill === 'filled';
  const big = filled ? 1_234_567 : 0;
  const figure = { total: big, paid: filled ? big - 1 : 0 };
  const line = {
    especial: figure,
    primaria: Array.from({ length: 6 }, () => figure),
    primariaTotal: figure,
    secundaria: Array.from({ length: 6 }, () => figure),
    secundariaTotal: figure,
    total: figure,
  };
  const dependency = (id: number | null, name: string) => ({
    dependency: id,
    name,
    institutions: filled ? 12_345 : 0,
    consolidated: filled ? 12_344 : 0,
    totalStudents: big,
    paidStudents: figure.paid,
    paidPercentage: filled ? '99.99' : '0.00',
    totalAmount: big * 200,
    paidAmount: figure.paid * 200,
  });
  return {
    place: {
      level,
      id: level === 'national' ? null : 2,
      name: filled ? 'CARANAVI - ALTO BENI - PALOS BLANCOS' : 'LA PAZ',
      departmentName: level === 'district' ? 'LA PAZ' : null,
    },
    year: 2026,
    amountPerStudent: 200,
    summary: {
      totalStudents: big,
      paidStudents: figure.paid,
      totalAmount: big * 200,
      paidAmount: figure.paid * 200,
      paidPercentage: filled ? '99.99' : '0.00',
      pendingPercentage: filled ? '0.01' : '100.00',
    },
    dependencies: [dependency(1, 'PUBLICA'), dependency(2, 'CONVENIO'), dependency(null, 'TOTAL')],
    matrix: {
      rows: [1, 2].flatMap((d) =>
        ['U', 'R'].map((area) => ({
          ...line,
          dependency: d,
          dependencyName: d === 1 ? 'PUBLICA' : 'CONVENIO',
          area,
          areaName: area === 'U' ? 'Urbana' : 'Rural',
        })),
      ),
      totalGeneral: line,
    },
  };
}

// A place report has a bounded number of rows (its dependencies, and dependency × area in the two
// matrices): there is no list to break across pages, so each is rendered once per level and fill.
describe('place reports', () => {
  for (const level of ['national', 'department', 'district'] as const)
    for (const fill of fills)
      it(`${level}, cells ${fill}: every dependency and matrix row, on pages that are not blank`, async () => {
        const pdf = await placeReportPdf(placeReport(level, fill), printedAt);
        if (fill === 'filled') keepPdf(`pdf-place-report-${level}`, pdf);
        const pages = pdfPages(pdf);
        const text = pages.join('\n');
        expect(pages.length).toBeGreaterThan(0);
        for (const page of pages) expect(page).toMatch(/PUBLICA|CONVENIO|TOTAL GENERAL/);
        // The dependencies' table and each matrix: PUBLICA and CONVENIO once in the first, twice
        // (two areas) in each matrix.
        expect(text.match(/PUBLICA/g)).toHaveLength(5);
        expect(text.match(/CONVENIO/g)).toHaveLength(5);
        expect(text.match(/TOTAL GENERAL/g)).toHaveLength(2);
        expect(text.match(/Urbana/g)).toHaveLength(4);
        expect(text.match(/Rural/g)).toHaveLength(4);
      });
});
