import {
  formatBOB,
  formatCount,
  formatDate,
  type ReconciliationRow,
  reconciliationMessages,
  reconciliationPlaceLabel,
  reconciliationStateLabel,
  reportMessages,
} from '@bjp/domain';
import type { Column, Content, TableCell } from 'pdfmake/interfaces.js';
import type { ReconciliationDocument } from '../inputs.js';
import { landscapeDocument, renderPdf } from '../pdf-printer.js';
import { signedTable } from '../signed-table.js';
import { boliviaTimestamp, compactLayout, headerCell, numberCell } from './format.js';

const RED = '#c92a2a';
const ORANGE = '#d9480f';
const stateColor = (state: ReconciliationRow['state']) => (state === 'PAGADO_SIN_DECLARAR' ? ORANGE : RED);

/** yyyy-mm-dd → dd/mm/yyyy. */
export const dayLabel = (day: string) => formatDate(day);

/** The bank's word on one line: 'dd/mm/yyyy · Banco · Modalidad', or that it did not pay. */
export const bankLabel = (r: ReconciliationRow) =>
  r.bankPaid ? [r.paidOn ? dayLabel(r.paidOn) : '', r.bank, r.mode].filter(Boolean).join(' · ') : 'Sin pago';

/** The declaration in force, version and date (never its verification code). */
export function declarationLabel(r: Pick<ReconciliationRow, 'declarationVersion' | 'declarationDate'>) {
  const day = r.declarationDate ? formatDate(r.declarationDate) : null;
  // Consolidated before declarations were stored: its copy is stored at the first download.
  if (r.declarationVersion === null)
    return `DDJJ consolidada${day ? ` el ${day}` : ''} (copia aún no guardada)`;
  return `DDJJ versión ${r.declarationVersion}${day ? ` del ${day}` : ''}`;
}

function summaryTable(doc: ReconciliationDocument): Content[] {
  const { summary } = doc;
  const body: TableCell[][] = [
    ['Estado', 'Qué significa', 'Efecto', 'Estudiantes', 'Monto'].map(headerCell),
    ...summary.states.map((s) => [
      { text: s.label, bold: true, color: stateColor(s.state) },
      { text: s.description, fontSize: 7 },
      s.effect,
      numberCell(formatCount(s.students)),
      numberCell(formatBOB(s.amount)),
    ]),
    [
      { text: 'TOTAL', bold: true, colSpan: 3 },
      '',
      '',
      numberCell(formatCount(summary.students), true),
      numberCell(formatBOB(summary.amount), true),
    ],
  ];
  return [
    { text: 'Resumen por estado', bold: true, margin: [0, 0, 0, 3] },
    {
      table: { headerRows: 1, widths: [150, '*', 120, 60, 90], body },
      layout: 'lightHorizontalLines',
      margin: [0, 0, 0, 6],
    },
    {
      table: {
        widths: ['*', 'auto'],
        body: [
          [
            { text: `${reconciliationMessages.toReturn} (NO PAGADO DECLARADO)`, bold: true },
            { text: formatBOB(summary.toReturn), bold: true, alignment: 'right', color: RED },
          ],
          [
            'UE/CEE con declaración de pagados en vigor (consolidadas)',
            { text: formatCount(summary.consolidatedSchools), alignment: 'right' },
          ],
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 0, 0, 10],
    },
  ];
}

const columns = [
  'Nro.',
  'RUDE',
  'Estudiante',
  'Curso',
  'CI titular',
  'Titular',
  'Tipo',
  'Pago del banco',
  'DDJJ dice',
  'Estado',
  'Efecto',
  'Monto',
];
const widths = [18, 62, '*', 84, 44, '*', 40, 80, 50, 74, 62, 52];

function rowCells(r: ReconciliationRow): TableCell[] {
  return [
    numberCell(String(r.rowNumber)),
    r.rude,
    r.studentName,
    r.course,
    r.titularCarnet ?? '',
    r.titularName ?? { text: 'SIN TITULAR', color: RED },
    r.titularType ?? '',
    bankLabel(r),
    { text: r.declaredLabel, bold: true },
    { text: r.stateLabel, bold: true, color: stateColor(r.state) },
    r.effect,
    numberCell(formatBOB(r.amount)),
  ];
}

/**
 * One school's rows. Its title (place, school and the declaration in force) is a heading row,
 * repeated on each page and never left alone at a page's foot; its subtotal travels with its last
 * rows, and the last school carries the totals and the signatures.
 */
function schoolTable(rows: ReconciliationRow[], after: Content[]): Content[] {
  const first = rows[0]!;
  const amount = rows.reduce((s, r) => s + r.amount, 0);
  const title: TableCell[] = [
    {
      text: [
        { text: `SIE ${first.sie} — ${first.schoolName}`, bold: true },
        `   ·   ${first.departmentName} · Distrito ${first.districtName}   ·   ${declarationLabel(first)}`,
      ],
      colSpan: columns.length,
      margin: [0, 4, 0, 2],
    },
    ...columns.slice(1).map(() => ''),
  ];
  const subtotal: TableCell[] = [
    {
      text: `Subtotal SIE ${first.sie}: ${formatCount(rows.length)} estudiante${rows.length === 1 ? '' : 's'}`,
      bold: true,
      colSpan: columns.length - 1,
      alignment: 'right',
    },
    ...columns.slice(2).map(() => ''),
    numberCell(formatBOB(amount), true),
  ];
  return signedTable({
    widths,
    fontSize: 6.5,
    layout: compactLayout,
    header: [title, columns.map(headerCell)],
    rows: rows.map(rowCells),
    closing: [subtotal],
    after: after.length ? after : [{ text: '', margin: [0, 0, 0, 6] }],
  });
}

// The signature lines are the top border of one-cell tables: canvas lines inside columns drift.
const signatureCell = (label: string): Column => ({
  width: 240,
  table: {
    widths: [240],
    body: [
      [
        {
          stack: [
            { text: label, bold: true },
            { text: 'Nombre, cargo y fecha', fontSize: 7 },
          ],
          alignment: 'center',
          border: [false, true, false, false],
          margin: [0, 4, 0, 0],
        },
      ],
    ],
  },
});
const signatures: Content = {
  margin: [0, 46, 0, 0],
  unbreakable: true,
  columns: [
    { width: '*', text: '' },
    signatureCell(reconciliationMessages.signature),
    { width: 60, text: '' },
    signatureCell(reconciliationMessages.reviewed),
    { width: '*', text: '' },
  ],
};

function closing(doc: ReconciliationDocument): Content {
  const students = doc.rows.length;
  const amount = doc.rows.reduce((s, r) => s + r.amount, 0);
  const toReturn = doc.rows
    .filter((r) => r.state === 'NO_PAGADO_DECLARADO')
    .reduce((s, r) => s + r.amount, 0);
  return {
    text: [
      'Total de la conciliación: ',
      { text: `${formatCount(students)} estudiante${students === 1 ? '' : 's'}`, bold: true },
      ' por ',
      { text: formatBOB(amount), bold: true },
      '; a devolver al programa: ',
      { text: formatBOB(toReturn), bold: true, color: RED },
    ],
    margin: [0, 8, 0, 0],
  };
}

/** 'Conciliación Banco – DDJJ' of a place as a landscape PDF: summary per state, rows by school, signatures. */
export function reconciliationPdf(doc: ReconciliationDocument): Promise<Buffer> {
  const place = reconciliationPlaceLabel(doc.place);
  const content: Content[] = [
    {
      columns: [
        { text: place, bold: true },
        {
          text: `Gestión: ${doc.year}   ·   ${formatBOB(doc.amountPerStudent)} por estudiante`,
          alignment: 'right',
          width: 'auto',
        },
      ],
      margin: [0, 0, 0, 6],
    },
    ...summaryTable(doc),
  ];
  if (doc.state)
    content.push({
      text: `Filas: solo ${reconciliationStateLabel(doc.state)}`,
      italics: true,
      margin: [0, 0, 0, 4],
    });
  const groups: ReconciliationRow[][] = [];
  for (const r of doc.rows) {
    const last = groups.at(-1);
    if (last && last[0]!.sie === r.sie) last.push(r);
    else groups.push([r]);
  }
  if (groups.length === 0) {
    content.push(
      {
        text: doc.state ? reconciliationMessages.noRowsForState : reconciliationMessages.noRows,
        italics: true,
        margin: [0, 6, 0, 0],
      },
      signatures,
    );
  } else {
    groups.forEach((rows, i) => {
      const last = i === groups.length - 1;
      content.push(...schoolTable(rows, last ? [closing(doc), signatures] : []));
    });
  }
  return renderPdf(
    landscapeDocument(
      {
        title: reconciliationMessages.title,
        subtitle: `${place} — Gestión ${doc.year}`,
        printedAt: boliviaTimestamp(new Date(doc.printedAt)),
        footerLines: [reportMessages.sworn],
      },
      content,
    ),
  );
}
