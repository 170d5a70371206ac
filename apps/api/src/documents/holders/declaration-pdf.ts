import {
  courseLabel,
  fileTimestamp,
  formatCount,
  formatDate,
  formatDateTime,
  formatDecimal,
  gradeName,
  parallelLetter,
  shifts,
} from '@bjp/domain';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';

import type { DeclarationCounts, DeclarationData, DeclarationStudent } from '../inputs.js';
import { signedTable } from '../signed-table.js';

const SWORN_TEXT =
  'La información consignada en el presente documento tiene carácter de DECLARACIÓN JURADA; su falsedad u omisión será sancionada conforme a ley.';

/** Bolivian local time (UTC−4) as dd/mm/yyyy hh:mm. */
export function boliviaDateTime(at: Date): string {
  return formatDateTime(at);
}

const head = (text: string): TableCell => ({ text, style: 'th' });
const num = (n: number, bold = false): TableCell => ({ text: formatCount(n), alignment: 'right', bold });
const countCells = (c: DeclarationCounts, bold = false): TableCell[] =>
  [c.total, c.apoderados, c.maestros, c.directores, c.removed, c.pending].map((n) => num(n, bold));
const countHeads = [
  'Inscritos',
  'Apoderados',
  'Maestros',
  'Directores',
  'Baja / sin titular',
  'Pendientes',
].map(head);

function institutionBlock(d: DeclarationData): Content {
  const pair = (label: string, value: string): TableCell[] => [{ text: label, bold: true }, value];
  return {
    table: {
      widths: ['auto', '*', 'auto', '*'],
      body: [
        [...pair('Código SIE', String(d.sie)), ...pair('Institución', d.name)],
        [...pair('Tipo', d.typeName), ...pair('Gestión', String(d.year))],
        [...pair('Departamento', d.department), ...pair('Distrito', d.district)],
        [
          ...pair('Lista consolidada', boliviaDateTime(d.consolidatedAt)),
          ...pair('Consolidada por', d.consolidatedBy || '—'),
        ],
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 12],
  };
}

/** Counts per course with their TOTAL: the last rows never leave the TOTAL alone on a page. */
function regularTable(d: DeclarationData, after: Content[]): Content[] {
  const rows = d.rows.map((r): TableCell[] => [
    r.shift,
    r.level,
    gradeName(r.gradeId),
    parallelLetter(r.parallelId),
    ...countCells(r),
  ]);
  return signedTable({
    // Fixed widths: the body and its tail are two tables whose columns must line up.
    widths: [55, 65, '*', 50, 55, 60, 55, 55, 65, 60],
    header: [[head('Turno'), head('Nivel'), head('Grado'), head('Paralelo'), ...countHeads]],
    rows,
    closing: [[{ text: 'TOTAL', bold: true, colSpan: 4 }, '', '', '', ...countCells(d.totals, true)]],
    after,
  });
}

function specialTable(d: DeclarationData, after: Content[]): Content[] {
  return signedTable({
    widths: ['*', 70, 70, 70, 70, 80, 70],
    header: [[head('Centro de Educación Especial'), ...countHeads]],
    rows: [],
    closing: [[{ text: 'TOTAL ESTUDIANTES', bold: true }, ...countCells(d.totals, true)]],
    after,
  });
}

const nameOf = (list: ReadonlyArray<{ id: number; name: string }>, id: number) =>
  list.find((x) => x.id === id)?.name ?? String(id);
const courseKey = (s: DeclarationStudent) => `${s.shiftId}|${s.levelId}|${s.gradeId}|${s.parallelId}`;
const studentWidths = [20, 70, '*', 44, 56, '*', 58, 54];

/**
 * The students with the titular declared for each (part 2 §3 'Report data': RUDE, student, birth
 * date, titular CI, name and type), by course for a regular school, one list for a special centre.
 * Each course's title is a heading row of its table, so it repeats on every page of the course and
 * is never left alone at the foot of a page. The last list carries the signature in its tail.
 */
function studentLists(d: DeclarationData, after: Content[]): Content[] {
  const groups = new Map<string, DeclarationStudent[]>();
  for (const s of d.students) groups.set(courseKey(s), [...(groups.get(courseKey(s)) ?? []), s]);
  const lists = [...groups.values()];
  const content: Content[] = [
    { text: 'ESTUDIANTES Y TITULARES DECLARADOS', style: 'section', margin: [0, 14, 0, 4] },
  ];
  lists.forEach((list, index) => {
    const first = list[0]!;
    const title =
      d.codeType === 4
        ? `Centro de Educación Especial — ${formatCount(list.length)} estudiantes`
        : `Turno ${nameOf(shifts, first.shiftId)} · ${courseLabel(first)} — ${formatCount(list.length)} estudiantes`;
    const header: TableCell[][] = [
      [{ text: title, bold: true, colSpan: 8, fillColor: '#f3f6fa' }, '', '', '', '', '', '', ''],
      ['Nro.', 'RUDE', 'Estudiante', 'F. Nac.', 'CI Titular', 'Titular', 'Tipo', 'Estado'].map(head),
    ];
    const rows = list.map((s, i): TableCell[] => {
      const pending = !s.titularCarnet || !s.titularName || !s.titularType;
      return [
        { text: String(i + 1), alignment: 'right' },
        s.rude,
        s.student,
        formatDate(s.birthDate),
        s.titularCarnet ?? '',
        s.titularName ?? '',
        s.titularType ?? '',
        pending
          ? { text: 'PENDIENTE', bold: true, color: '#c92a2a' }
          : { text: 'REGISTRADO', color: '#2b8a3e' },
      ];
    });
    const last = index === lists.length - 1;
    const table = {
      widths: studentWidths,
      header,
      rows,
      fontSize: 7.5,
      after: last ? after : [{ text: '', margin: [0, 0, 0, 8] } as Content],
    };
    content.push(...signedTable(table));
  });
  return content;
}

// The signature line is the top border of a one-cell table: canvas lines inside columns drift.
const signature: Content = {
  margin: [0, 60, 0, 0],
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
                { text: 'Unidad Educativa / Centro de Educación Especial', fontSize: 8 },
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
  unbreakable: true,
};

/** What the director signs under: the count line and the signature, kept together with the table above. */
function closing(d: DeclarationData): Content[] {
  return [
    {
      text: `Estudiantes con titular registrado: ${formatCount(d.totals.apoderados + d.totals.maestros + d.totals.directores)} de ${formatCount(d.totals.total)} inscritos.`,
      margin: [0, 10, 0, 0],
    },
    signature,
  ];
}

/** The pending-summary page: only when at least one student was left without a titular. */
function pendingPage(d: DeclarationData): Content[] {
  if (d.totals.pending === 0) return [];
  const pct = (part: number, whole: number) =>
    `${formatDecimal(whole === 0 ? 0 : (part / whole) * 100, 1)} %`;
  const heads = ['Turno', 'Nivel', 'Grado', 'Paralelo', 'Inscritos', 'Pendientes', '% pendiente'].map(head);
  const rows: TableCell[][] = d.rows
    .filter((row) => row.pending > 0)
    .map((r) => [
      r.shift,
      r.level,
      gradeName(r.gradeId),
      parallelLetter(r.parallelId),
      num(r.total),
      num(r.pending),
      { text: pct(r.pending, r.total), alignment: 'right' },
    ]);
  const totalPct: TableCell = { text: pct(d.totals.pending, d.totals.total), alignment: 'right', bold: true };
  const label = d.codeType === 4 ? 'TOTAL ESTUDIANTES' : 'TOTAL';
  const total: TableCell[] = [
    { text: label, bold: true, colSpan: 4 },
    '',
    '',
    '',
    num(d.totals.total, true),
    num(d.totals.pending, true),
    totalPct,
  ];
  return [
    { text: 'RESUMEN DE ESTUDIANTES PENDIENTES', style: 'title', pageBreak: 'before' },
    {
      text: 'Estudiantes sin titular registrado al consolidar la lista (consolidación permitida con pendientes, INST/DGAA No 35).',
      margin: [0, 0, 0, 10],
    },
    // The TOTAL keeps the last rows with it.
    ...signedTable({
      widths: [55, '*', '*', 50, 70, 70, 80],
      header: [heads],
      rows,
      closing: [total],
      after: [],
    }),
  ];
}

export function declarationDocument(d: DeclarationData, printedAt: Date): TDocumentDefinitions {
  const printed = boliviaDateTime(printedAt);
  return {
    pageSize: 'LETTER',
    pageOrientation: 'landscape',
    pageMargins: [40, 40, 40, 60],
    info: {
      title: `Declaración jurada de titulares ${d.sie}`,
      author: 'Ministerio de Educación',
      subject: `BJP ${d.year}`,
      // The file's creation date (and the file ID PDFKit derives from it) is the print's own, not
      // the clock's: the same declaration printed at the same moment gives the same bytes.
      creationDate: printedAt,
    },
    defaultStyle: { font: 'Helvetica', fontSize: 9 },
    styles: {
      title: { fontSize: 13, bold: true, alignment: 'center', margin: [0, 0, 0, 6] },
      th: { bold: true, fillColor: '#e7edf5' },
      section: { bold: true, fontSize: 10, color: '#1c4e80' },
    },
    footer: (page, pages) => ({
      margin: [40, 10, 40, 0],
      columns: [
        { text: `Página ${page} de ${pages}`, width: 80, fontSize: 8 },
        { text: SWORN_TEXT, fontSize: 7, alignment: 'center', italics: true },
        { text: `Impreso: ${printed}`, width: 110, fontSize: 8, alignment: 'right' },
      ],
    }),
    content: [
      { text: 'ESTADO PLURINACIONAL DE BOLIVIA — MINISTERIO DE EDUCACIÓN', alignment: 'center', fontSize: 8 },
      { text: 'DECLARACIÓN JURADA DE REGISTRO DE TITULARES', style: 'title', margin: [0, 6, 0, 0] },
      { text: `Bono Juancito Pinto — Gestión ${d.year}`, alignment: 'center', margin: [0, 0, 0, 12] },
      institutionBlock(d),
      { text: 'RESUMEN POR CURSO', style: 'section', margin: [0, 0, 0, 4] },
      // The signature closes the last list of students, or the counts when the school has none.
      ...(d.codeType === 4 ? specialTable : regularTable)(d, d.students.length ? [] : closing(d)),
      ...(d.students.length ? studentLists(d, closing(d)) : []),
      ...pendingPage(d),
    ],
  };
}

/** '{token}{timestamp}.pdf': a descriptive token (the original used the session token) and the print time. */
export function declarationFileName(sie: number, printedAt: Date): string {
  const stamp = fileTimestamp(printedAt);
  return `DDJJ_TITULARES_${sie}_${stamp}.pdf`;
}
