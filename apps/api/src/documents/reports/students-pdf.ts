import {
  bonusStateLabels,
  courseLabel,
  formatCount,
  formatDate,
  formatDecimal,
  gradeName,
  type InstitutionReport,
  levels,
  parallelLetter,
  reportMessages,
  shifts,
} from '@bjp/domain';
import type { Content, TableCell } from 'pdfmake/interfaces.js';
import type { StudentDetail } from '../inputs.js';
import { landscapeDocument, renderPdf } from '../pdf-printer.js';
import { signedTable } from '../signed-table.js';
import { boliviaTimestamp, headerCell, numberCell } from './format.js';

const levelName = (id: number) => levels.find((l) => l.id === id)?.name ?? String(id);
const shiftName = (id: number) => shifts.find((s) => s.id === id)?.name ?? String(id);
const groupKey = (s: StudentDetail) => `${s.shiftId}|${s.levelId}|${s.gradeId}|${s.parallelId}`;
const groupTitle = (s: StudentDetail) => `Turno ${shiftName(s.shiftId)} · ${courseLabel(s)}`;

/** Part 2 §5: a titular is pending when document, name or type is blank. */
export const titularPending = (s: StudentDetail) => !s.titularCarnet || !s.titularName || !s.titularType;

const studentName = (s: StudentDetail) =>
  [s.firstLastName, s.secondLastName, s.name].filter(Boolean).join(' ');

/**
 * One course's students (or the centre's list). The title is a heading row, repeated on each page and
 * never left alone at a page's foot; `after` (the signature) stays with the last rows.
 */
function studentTable(title: string | null, rows: StudentDetail[], after: Content[]): Content[] {
  const [columns, ...body]: TableCell[][] = [
    [
      'Nro.',
      'RUDE',
      'Estudiante',
      'F. Nac.',
      'CI Titular',
      'Titular',
      'Tipo',
      'Estado',
      'Fecha pago',
      'Modalidad',
    ].map(headerCell),
    ...rows.map((s, i) => [
      numberCell(String(i + 1)),
      s.rude,
      studentName(s),
      formatDate(s.birthDate),
      s.titularCarnet ?? '',
      s.titularName ?? { text: 'PENDIENTE', color: '#c92a2a' },
      s.titularType ?? '',
      { text: bonusStateLabels[s.state], bold: true, color: s.paid ? '#2b8a3e' : '#c92a2a' },
      s.paidOn ? formatDate(s.paidOn) : '',
      s.mode ?? '',
    ]),
  ];
  const titleRow: TableCell[] = [
    { text: title ?? '', bold: true, colSpan: 10, margin: [0, 4, 0, 2] },
    ...Array.from({ length: 9 }, () => ''),
  ];
  return signedTable({
    widths: [20, 68, '*', 44, 50, '*', 56, 46, 44, 60],
    fontSize: 7,
    header: title ? [titleRow, columns!] : [columns!],
    rows: body,
    after: after.length ? after : [{ text: '', margin: [0, 0, 0, 6] }],
  });
}

function countsTable(groups: Map<string, StudentDetail[]>): Content {
  const body: TableCell[][] = [
    ['Turno', 'Nivel', 'Grado', 'Paralelo', 'Estudiantes', 'Pagados'].map(headerCell),
  ];
  for (const rows of groups.values()) {
    const s = rows[0]!;
    body.push([
      shiftName(s.shiftId),
      levelName(s.levelId),
      gradeName(s.gradeId),
      parallelLetter(s.parallelId),
      numberCell(formatCount(rows.length)),
      numberCell(formatCount(rows.filter((r) => r.paid).length)),
    ]);
  }
  return {
    table: { headerRows: 1, widths: ['*', '*', '*', 50, 60, 60], body },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 10],
  };
}

function pendingPage(rows: StudentDetail[]): Content[] {
  const pending = rows.filter(titularPending);
  if (pending.length === 0) return [];
  const share = formatDecimal((pending.length / rows.length) * 100, 1);
  return [
    {
      text: 'Resumen de estudiantes con titular pendiente',
      bold: true,
      fontSize: 11,
      pageBreak: 'before',
      margin: [0, 0, 0, 4],
    },
    {
      text: `${formatCount(pending.length)} de ${formatCount(rows.length)} estudiantes (${share} %)`,
      margin: [0, 0, 0, 6],
    },
    {
      table: {
        headerRows: 1,
        widths: [22, 80, '*', 160],
        body: [
          ['Nro.', 'RUDE', 'Estudiante', 'Curso'].map(headerCell),
          ...pending.map((s, i) => [numberCell(String(i + 1)), s.rude, studentName(s), groupTitle(s)]),
        ],
      },
      layout: 'lightHorizontalLines',
    },
  ];
}

const signature: Content = {
  margin: [0, 50, 0, 0],
  unbreakable: true,
  columns: [
    { width: '*', text: '' },
    {
      width: 220,
      stack: [
        { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 220, y2: 0, lineWidth: 0.7 }] },
        {
          text: 'Firma y sello Director(a) de la Unidad Educativa',
          alignment: 'center',
          fontSize: 7,
          margin: [0, 3, 0, 0],
        },
      ],
    },
    { width: '*', text: '' },
  ],
};

/**
 * 'Reporte Estudiantes-Tutores-Pagados'. Regular schools (code_type 1) by shift, level, grade and
 * parallel with their counts; special-education centres (code_type 4) one flat list with its total.
 */
export function studentsPdf(
  report: InstitutionReport,
  rows: StudentDetail[],
  printedAt: Date,
): Promise<Buffer> {
  const { institution } = report;
  const paid = rows.filter((r) => r.paid).length;
  const content: Content[] = [
    {
      columns: [
        { text: `${institution.typeName}: ${institution.name} (SIE ${institution.id})`, bold: true },
        { text: `Gestión: ${report.year}`, alignment: 'right' },
      ],
    },
    {
      text: `${institution.districtName} — ${institution.departmentName} · ${institution.dependencyName} · ${institution.areaName}`,
      margin: [0, 2, 0, 4],
    },
    {
      text: `Total estudiantes: ${formatCount(rows.length)}   Pagados: ${formatCount(paid)}   No pagados: ${formatCount(rows.length - paid)}`,
      bold: true,
      margin: [0, 0, 0, 8],
    },
  ];
  if (rows.length === 0) {
    content.push({ text: 'Sin estudiantes inscritos en la gestión.', italics: true }, signature);
  } else if (institution.codeType === 4) {
    content.push(...studentTable(null, rows, [signature]));
  } else {
    const groups = new Map<string, StudentDetail[]>();
    for (const r of rows) groups.set(groupKey(r), [...(groups.get(groupKey(r)) ?? []), r]);
    content.push(countsTable(groups));
    const list = [...groups.values()];
    list.forEach((group, i) => {
      const title = `${groupTitle(group[0]!)} — ${formatCount(group.length)} estudiantes`;
      content.push(...studentTable(title, group, i === list.length - 1 ? [signature] : []));
    });
  }
  content.push(...pendingPage(rows));
  return renderPdf(
    landscapeDocument(
      {
        title: reportMessages.studentsReportTitle,
        subtitle: `${institution.name} — SIE ${institution.id}`,
        printedAt: boliviaTimestamp(printedAt),
        footerLines: [reportMessages.sworn],
      },
      content,
    ),
  );
}
