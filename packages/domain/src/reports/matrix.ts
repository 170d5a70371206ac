import { areas, CEA_GRADE_ID, dependencies } from '../structure/index.js';

/** One summary row as the statistics tables hold it. */
export type StatsCell = {
  dependency: number;
  area: string;
  levelId: number;
  gradeId: number;
  total: number;
  paid: number;
};

export type Figure = { total: number; paid: number };

/** A matrix row: Especial, Primaria 1–6 with its total, Secundaria 1–6 with its total, TOTAL. */
export type MatrixLine = {
  especial: Figure;
  primaria: Figure[];
  primariaTotal: Figure;
  secundaria: Figure[];
  secundariaTotal: Figure;
  total: Figure;
};

export type MatrixRow = MatrixLine & {
  dependency: number;
  dependencyName: string;
  area: string;
  areaName: string;
};

export type ResumeMatrix = { rows: MatrixRow[]; totalGeneral: MatrixLine };

export const GRADE_COLUMNS = [1, 2, 3, 4, 5, 6] as const;
export const SPECIAL_LEVEL = 1;
export const PRIMARY_LEVEL = 12;
export const SECONDARY_LEVEL = 13;

const zero = (): Figure => ({ total: 0, paid: 0 });
const add = (into: Figure, from: Figure) => {
  into.total += from.total;
  into.paid += from.paid;
};

function emptyLine(): MatrixLine {
  return {
    especial: zero(),
    primaria: GRADE_COLUMNS.map(zero),
    primariaTotal: zero(),
    secundaria: GRADE_COLUMNS.map(zero),
    secundariaTotal: zero(),
    total: zero(),
  };
}

/**
 * Puts one statistics cell in its column. Every special-education grade (1–6 and 99 'CEA') counts
 * under Especial. A primary or secondary grade outside 1–6 still counts in its level's total and the
 * row's TOTAL, so the matrix always adds up to the summary cards even if the data holds such a grade.
 */
function place(line: MatrixLine, cell: StatsCell) {
  const figure = { total: cell.total, paid: cell.paid };
  add(line.total, figure);
  if (cell.levelId === SPECIAL_LEVEL) return add(line.especial, figure);
  const grade = GRADE_COLUMNS.indexOf(cell.gradeId as (typeof GRADE_COLUMNS)[number]);
  if (cell.levelId === PRIMARY_LEVEL) {
    add(line.primariaTotal, figure);
    if (grade >= 0) add(line.primaria[grade]!, figure);
  } else if (cell.levelId === SECONDARY_LEVEL) {
    add(line.secundariaTotal, figure);
    if (grade >= 0) add(line.secundaria[grade]!, figure);
  }
}

/** Rows by dependency (PUBLICA, CONVENIO) and area (RURAL, URBANO), always all four, and TOTAL GENERAL. */
export function buildResumeMatrix(cells: readonly StatsCell[]): ResumeMatrix {
  const rows: MatrixRow[] = dependencies.flatMap((d) =>
    areas.map((a) => ({
      dependency: d.id,
      dependencyName: d.name,
      area: a.id,
      areaName: a.name,
      ...emptyLine(),
    })),
  );
  const totalGeneral = emptyLine();
  for (const cell of cells) {
    const row = rows.find((r) => r.dependency === cell.dependency && r.area === cell.area);
    if (row) place(row, cell);
    place(totalGeneral, cell);
  }
  return { rows, totalGeneral };
}

/** Column headings in display order (for tables, PDFs and spreadsheets). */
export function matrixHeadings(): string[] {
  return [
    'Especial',
    ...GRADE_COLUMNS.map((g) => `Primaria ${g}`),
    'Total Primaria',
    ...GRADE_COLUMNS.map((g) => `Secundaria ${g}`),
    'Total Secundaria',
    'TOTAL',
  ];
}

/** The line's figures in the same order as matrixHeadings(). */
export function matrixLineFigures(line: MatrixLine): Figure[] {
  return [
    line.especial,
    ...line.primaria,
    line.primariaTotal,
    ...line.secundaria,
    line.secundariaTotal,
    line.total,
  ];
}

/** Grade label in course lists: 99 is 'CEA'. */
export const gradeLabel = (gradeId: number, name: string): string =>
  gradeId === CEA_GRADE_ID ? 'CEA' : name;
