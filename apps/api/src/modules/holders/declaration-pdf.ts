import { formatCount, formatDecimal, gradeName, parallelLetter } from '@bjp/domain';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';

import type { DeclarationCounts, DeclarationData } from './declaration-data.js';

const SWORN_TEXT =
  'La información consignada en el presente documento tiene carácter de DECLARACIÓN JURADA; su falsedad u omisión será sancionada conforme a ley.';

/** Bolivian local time (UTC−4) as dd/mm/yyyy hh:mm. */
export function boliviaDateTime(at: Date): string {
  const local = new Date(at.getTime() - 4 * 3_600_000).toISOString();
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)}`;
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

function regularTable(d: DeclarationData): Content {
  const body: TableCell[][] = [
    [head('Turno'), head('Nivel'), head('Grado'), head('Paralelo'), ...countHeads],
  ];
  for (const r of d.rows)
    body.push([r.shift, r.level, gradeName(r.gradeId), parallelLetter(r.parallelId), ...countCells(r)]);
  body.push([{ text: 'TOTAL', bold: true, colSpan: 4 }, '', '', '', ...countCells(d.totals, true)]);
  return {
    table: { headerRows: 1, widths: ['auto', 'auto', '*', 'auto', 55, 60, 55, 55, 65, 60], body },
    layout: 'lightHorizontalLines',
  };
}

function specialTable(d: DeclarationData): Content {
  return {
    table: {
      headerRows: 1,
      widths: ['*', 70, 70, 70, 70, 80, 70],
      body: [
        [head('Centro de Educación Especial'), ...countHeads],
        [{ text: 'TOTAL ESTUDIANTES', bold: true }, ...countCells(d.totals, true)],
      ],
    },
    layout: 'lightHorizontalLines',
  };
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

/** The pending-summary page: only when at least one student was left without a titular. */
function pendingPage(d: DeclarationData): Content[] {
  if (d.totals.pending === 0) return [];
  const pct = (part: number, whole: number) =>
    `${formatDecimal(whole === 0 ? 0 : (part / whole) * 100, 1)} %`;
  const heads = ['Turno', 'Nivel', 'Grado', 'Paralelo', 'Inscritos', 'Pendientes', '% pendiente'].map(head);
  const body: TableCell[][] = [heads];
  for (const r of d.rows.filter((row) => row.pending > 0)) {
    const place = [r.shift, r.level, gradeName(r.gradeId), parallelLetter(r.parallelId)];
    body.push([
      ...place,
      num(r.total),
      num(r.pending),
      { text: pct(r.pending, r.total), alignment: 'right' },
    ]);
  }
  const totalPct: TableCell = { text: pct(d.totals.pending, d.totals.total), alignment: 'right', bold: true };
  const label = d.codeType === 4 ? 'TOTAL ESTUDIANTES' : 'TOTAL';
  body.push([
    { text: label, bold: true, colSpan: 4 },
    '',
    '',
    '',
    num(d.totals.total, true),
    num(d.totals.pending, true),
    totalPct,
  ]);
  return [
    { text: 'RESUMEN DE ESTUDIANTES PENDIENTES', style: 'title', pageBreak: 'before' },
    {
      text: 'Estudiantes sin titular registrado al consolidar la lista (consolidación permitida con pendientes, INST/DGAA No 35).',
      margin: [0, 0, 0, 10],
    },
    {
      table: { headerRows: 1, widths: ['auto', '*', '*', 'auto', 70, 70, 80], body },
      layout: 'lightHorizontalLines',
    },
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
    },
    defaultStyle: { font: 'Helvetica', fontSize: 9 },
    styles: {
      title: { fontSize: 13, bold: true, alignment: 'center', margin: [0, 0, 0, 6] },
      th: { bold: true, fillColor: '#e7edf5' },
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
      d.codeType === 4 ? specialTable(d) : regularTable(d),
      {
        text: `Estudiantes con titular registrado: ${formatCount(d.totals.apoderados + d.totals.maestros + d.totals.directores)} de ${formatCount(d.totals.total)} inscritos.`,
        margin: [0, 10, 0, 0],
      },
      signature,
      ...pendingPage(d),
    ],
  };
}

/** '{token}{timestamp}.pdf': a descriptive token (the original used the session token) and the print time. */
export function declarationFileName(sie: number, printedAt: Date): string {
  const stamp = new Date(printedAt.getTime() - 4 * 3_600_000)
    .toISOString()
    .replace(/[-:T]/g, '')
    .slice(0, 14);
  return `DDJJ_TITULARES_${sie}_${stamp}.pdf`;
}
