import { formatCount, formatSaldo, type PaidReport, paidMessages, paidStateLabel } from '@bjp/domain';
import type { Content, TableCell } from 'pdfmake/interfaces.js';
import type { ReportStudent, VerificationStamp } from '../inputs.js';
import { landscapeDocument, renderPdf } from '../pdf-printer.js';
import { boliviaTimestamp, fileTimestamp, headerCell, numberCell } from '../reports/format.js';
import { signedTable } from '../signed-table.js';
import { verificationBlock } from '../verification-block.js';

const SWORN_FOOTER =
  'La información de este documento tiene carácter de DECLARACIÓN JURADA: el director(a) responde por el estado de pago declarado de cada estudiante y por la devolución del saldo.';

const isDdjj = (r: PaidReport) => r.codeType === 4;

/** Part 2 §9: 'REPORTE_DDJJ_2025_{timestamp}' for the DDJJ; the regular school's report alike. */
export function paidReportFileName(report: PaidReport, printedAt: Date): string {
  const token = isDdjj(report) ? 'REPORTE_DDJJ' : 'REPORTE_VALIDACION_PAGADOS';
  return `${token}_${report.year}_${fileTimestamp(printedAt)}.pdf`;
}

function institutionBlock(r: PaidReport): Content {
  const pair = (label: string, value: string): TableCell[] => [{ text: label, bold: true }, value];
  return {
    table: {
      widths: ['auto', '*', 'auto', '*'],
      body: [
        [...pair('Código SIE', String(r.sie)), ...pair('Institución', r.name)],
        [...pair('Tipo', r.typeName), ...pair('Gestión', String(r.year))],
        [...pair('Departamento', r.departmentName), ...pair('Distrito', r.districtName)],
        [
          ...pair('Operativo consolidado', boliviaTimestamp(new Date(r.consolidatedAt))),
          ...pair('Consolidado por', r.consolidatedBy || '—'),
        ],
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 10],
  };
}

/** The holders with their TOTALES; `after` (saldo, declaration, signature) stays with the last rows. */
function holdersTable(r: PaidReport, after: Content[]): Content[] {
  const money = (n: number, bold = false) => numberCell(formatSaldo(n), bold);
  const count = (n: number, bold = false) => numberCell(formatCount(n), bold);
  const [header, ...body]: TableCell[][] = [
    [
      'Nro.',
      'CARNET',
      'PATERNO',
      'MATERNO',
      'NOMBRES',
      'TITULAR',
      'TOTAL',
      'PAGADOS',
      'NO PAGADOS',
      'SALDO (Bs.)',
    ].map(headerCell),
    ...r.rows.map((row, i) => [
      numberCell(String(i + 1)),
      row.complemento ? `${row.carnet}-${row.complemento}` : row.carnet,
      row.paterno,
      row.materno,
      row.name,
      row.holderTypeName,
      count(row.total),
      count(row.totalPaid),
      count(row.totalPending),
      money(row.saldo),
    ]),
  ];
  const totals: TableCell[] = [
    { text: 'TOTALES', bold: true, colSpan: 6 },
    '',
    '',
    '',
    '',
    '',
    count(r.totals.total, true),
    count(r.totals.totalPaid, true),
    count(r.totals.totalPending, true),
    money(r.saldo, true),
  ];
  return signedTable({
    widths: [22, 60, '*', '*', '*', 55, 40, 45, 55, 65],
    header: [header!],
    rows: body,
    closing: [totals],
    after,
  });
}

const saldoLine = (r: PaidReport): Content => ({
  table: {
    widths: ['*', 'auto'],
    body: [
      [
        { text: paidMessages.saldoLabel, bold: true, fontSize: 11 },
        { text: r.saldoText, bold: true, fontSize: 11, alignment: 'right' },
      ],
    ],
  },
  layout: { hLineWidth: () => 1, vLineWidth: () => 0, paddingTop: () => 5, paddingBottom: () => 5 },
  margin: [0, 8, 0, 4],
});

/**
 * The students' table; its title is a heading row (repeated on each page, never alone at a page's
 * foot) and the signature stays with its last rows.
 */
function studentsTable(title: string, rows: ReportStudent[], after: Content[]): Content[] {
  if (rows.length === 0) return [];
  const header: TableCell[][] = [
    [{ text: title, bold: true, fontSize: 10, colSpan: 8, margin: [0, 4, 0, 2] }, '', '', '', '', '', '', ''],
    ['Nro.', 'RUDE', 'ESTUDIANTE', 'NIVEL', 'GRADO', 'TITULAR DE COBRO', 'ESTADO', 'OBSERVACIÓN'].map(
      headerCell,
    ),
  ];
  const body: TableCell[][] = [
    ...rows.map((s, i) => [
      numberCell(String(i + 1)),
      s.rude,
      s.student,
      s.nivel,
      s.grado,
      s.titular,
      { text: paidStateLabel(s.isPaid), bold: true, color: s.isPaid ? '#2b8a3e' : '#c92a2a' },
      s.observation ?? '',
    ]),
  ];
  return [
    { text: '', margin: [0, 8, 0, 0] },
    ...signedTable({ widths: [22, 84, '*', 45, 38, '*', 50, '*'], header, rows: body, after }),
  ];
}

const declaration = (r: PaidReport): Content => ({
  text: [
    'En mi calidad de Director(a) de ',
    { text: `${r.name} (SIE ${r.sie})`, bold: true },
    `, declaro bajo juramento que el estado de pago registrado para cada estudiante es verdadero y que los ${formatCount(r.totals.totalPending)} estudiantes declarados NO PAGADO no recibieron el bono de la gestión ${r.year}, cuyo importe de `,
    { text: `${r.saldoText} Bs.`, bold: true },
    ` (${formatCount(r.amountPerStudent)} Bs. por estudiante) será devuelto conforme a la normativa vigente.`,
  ],
  margin: [0, 4, 0, 0],
  alignment: 'justify',
});

// The signature line is the top border of a one-cell table: canvas lines inside columns drift.
const signature: Content = {
  margin: [0, 50, 0, 0],
  unbreakable: true,
  columns: [
    { width: '*', text: '' },
    {
      width: 260,
      table: {
        widths: [260],
        body: [
          [
            {
              stack: [
                { text: 'Firma y sello del Director(a)', bold: true },
                { text: 'Unidad Educativa / Centro de Educación Especial', fontSize: 7 },
              ],
              alignment: 'center',
              border: [false, true, false, false],
              margin: [0, 4, 0, 0],
            },
          ],
        ],
      },
    },
    { width: '*', text: '' },
  ],
};

/**
 * The report that replaces 'Consolidar Operativo de Validación' (part 2 §2.5): for a special-education
 * centre (code_type 4) the sworn declaration (DDJJ) of the teachers and directors who collected as
 * titulars, with the students whose bonus did not reach them; for a regular school (code_type 1) the
 * validation report, with every student's declared state. Both carry the holders' totals and the
 * 'SALDO A DEVOLVER EN BOLIVIANOS'.
 */
export function paidReportPdf(
  report: PaidReport,
  students: ReportStudent[],
  printedAt: Date,
  verification?: VerificationStamp,
): Promise<Buffer> {
  const ddjj = isDdjj(report);
  const listed = ddjj ? students.filter((s) => s.isPaid === false) : students;
  const title = ddjj
    ? 'Estudiantes declarados NO PAGADO (bono no entregado)'
    : 'Detalle de la validación por estudiante';
  // The signature closes the students' list, or the holders' table when no student is listed; the
  // sworn text of the DDJJ stays with the totals it speaks of.
  const sworn = [saldoLine(report), ...(ddjj ? [declaration(report)] : [])];
  const content: Content[] = [
    institutionBlock(report),
    { text: paidMessages.listTitle, bold: true, fontSize: 10, margin: [0, 0, 0, 4] },
    ...holdersTable(report, listed.length ? sworn : [...sworn, signature]),
    ...studentsTable(title, listed, [signature]),
    ...verificationBlock(verification),
  ];
  return renderPdf(
    landscapeDocument(
      {
        title: ddjj
          ? 'DECLARACIÓN JURADA DE TITULARES DE COBRO — EDUCACIÓN ESPECIAL'
          : 'REPORTE DE VALIDACIÓN DE PAGADOS — TITULARES MAESTROS Y DIRECTORES',
        subtitle: `${report.name} — SIE ${report.sie} — Gestión ${report.year}`,
        printedAt: boliviaTimestamp(printedAt),
        footerLines: [SWORN_FOOTER],
      },
      content,
    ),
  );
}
