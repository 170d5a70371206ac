import type {
  BonusState,
  ObservedReport,
  ObservedRow,
  ReconciliationReport,
  ReconciliationRow,
} from '@bjp/domain';

/**
 * The shapes the document templates render (issue 17). They live with the documents, below the areas:
 * the render worker and the templates import no area, and an area that fills one in is checked against
 * it where it hands the data to withDocument().
 */

/** What is printed on a stored declaration so a copy can be checked: the code, its URL (QR), the version. */
export type VerificationStamp = { code: string; url: string; version: number };

/** Counts of one course (or of the whole centre) for the sworn declaration. */
export type DeclarationCounts = {
  total: number;
  apoderados: number;
  maestros: number;
  directores: number;
  removed: number;
  pending: number;
};

export type DeclarationRow = DeclarationCounts & {
  shift: string;
  level: string;
  gradeId: number;
  parallelId: number;
};

export type DeclarationData = {
  sie: number;
  name: string;
  typeName: string;
  codeType: number;
  district: string;
  department: string;
  year: number;
  consolidatedAt: Date;
  consolidatedBy: string;
  rows: DeclarationRow[];
  totals: DeclarationCounts;
  /** Each student of the list with the titular declared for them (part 2 §3 'Report data', issue 12). */
  students: DeclarationStudent[];
};

/** One student of the declaration: the course, the student and the titular (CI, name, type). */
export type DeclarationStudent = {
  shiftId: number;
  levelId: number;
  gradeId: number;
  parallelId: number;
  rude: string;
  student: string;
  birthDate: string;
  titularCarnet: string | null;
  titularName: string | null;
  titularType: string | null;
};

export type ReportStudent = {
  titular: string;
  rude: string;
  student: string;
  nivel: string;
  grado: string;
  isPaid: boolean | null;
  observation: string | null;
};

/** One active student of a school with their titular and payment ('Reporte Estudiantes-Tutores-Pagados'). */
export type StudentDetail = {
  levelId: number;
  gradeId: number;
  parallelId: number;
  shiftId: number;
  rude: string;
  firstLastName: string;
  secondLastName: string;
  name: string;
  birthDate: string;
  titularCarnet: string | null;
  titularName: string | null;
  titularType: string | null;
  state: BonusState;
  paid: boolean;
  bankPaid: boolean;
  paidOn: string | null;
  mode: string | null;
  bank: string | null;
};

export type ReconciliationDocument = Omit<ReconciliationReport, 'items' | 'page' | 'pageSize' | 'total'> & {
  rows: ReconciliationRow[];
  printedAt: Date;
};

/** 'Pagos observados' of a place: the report's head and figures with every row, for the spreadsheet. */
export type ObservedDocument = Omit<ObservedReport, 'items' | 'page' | 'pageSize' | 'total'> & {
  rows: ObservedRow[];
  printedAt: Date;
};
