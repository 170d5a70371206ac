import { z } from 'zod';
import { idParam, pageOf, pageQuery } from '../common/index.js';
import { bonusStates } from '../payments/index.js';

export const reportLevels = ['national', 'department', 'district'] as const;
export type ReportLevel = (typeof reportLevels)[number];

const figure = z.object({ total: z.number().int(), paid: z.number().int() });
const matrixLine = z.object({
  especial: figure,
  primaria: z.array(figure).length(6),
  primariaTotal: figure,
  secundaria: z.array(figure).length(6),
  secundariaTotal: figure,
  total: figure,
});

export const resumeMatrix = z.object({
  rows: z.array(
    matrixLine.extend({
      dependency: z.number().int(),
      dependencyName: z.string(),
      area: z.string(),
      areaName: z.string(),
    }),
  ),
  totalGeneral: matrixLine,
});

/** Payment summary cards: money paid vs total (BOB) and students paid vs total, with percentages. */
export const paymentSummary = z.object({
  totalStudents: z.number().int(),
  paidStudents: z.number().int(),
  totalAmount: z.number().describe('Bs.'),
  paidAmount: z.number().describe('Bs.'),
  paidPercentage: z.string().describe('2 decimales'),
  pendingPercentage: z.string().describe('2 decimales'),
});
export type PaymentSummary = z.infer<typeof paymentSummary>;

export const dependencyRow = z.object({
  dependency: z.number().int().nullable().describe('null en la fila TOTAL'),
  name: z.string(),
  institutions: z.number().int(),
  consolidated: z.number().int().describe('Instituciones con lista consolidada'),
  totalStudents: z.number().int(),
  paidStudents: z.number().int(),
  paidPercentage: z.string(),
  totalAmount: z.number(),
  paidAmount: z.number(),
});
export type DependencyRow = z.infer<typeof dependencyRow>;

export const reportPlace = z.object({
  level: z.enum(reportLevels),
  id: z.number().int().nullable(),
  name: z.string().describe('lugar'),
  departmentName: z.string().nullable(),
});
export type ReportPlace = z.infer<typeof reportPlace>;

export const placeReport = z.object({
  place: reportPlace,
  year: z.number().int(),
  amountPerStudent: z.number().int(),
  summary: paymentSummary,
  dependencies: z.array(dependencyRow).describe('PUBLICA, CONVENIO y TOTAL'),
  matrix: resumeMatrix,
});
export type PlaceReport = z.infer<typeof placeReport>;

export const userPlace = z.object({
  level: z.enum(['department', 'district']),
  id: z.number().int(),
  name: z.string(),
});
export type UserPlace = z.infer<typeof userPlace>;

/* ---- Institution report ---- */

export const institutionOption = z.object({
  id: z.number().int(),
  name: z.string(),
  codeType: z.number().int(),
});
export const institutionOptions = z.object({ items: z.array(institutionOption) });

const course = z.object({
  courseId: z.number().int(),
  label: z.string().describe("'{grado} - {paralelo}'"),
  shift: z.string(),
  students: z.number().int(),
  paid: z.number().int(),
});
export const institutionReport = z.object({
  institution: z.object({
    id: z.number().int(),
    name: z.string(),
    codeType: z.number().int(),
    typeName: z.string(),
    dependencyName: z.string(),
    areaName: z.string(),
    districtName: z.string(),
    departmentName: z.string(),
    consolidated: z.boolean(),
  }),
  year: z.number().int(),
  amountPerStudent: z.number().int(),
  gender: z.object({ male: z.number().int(), female: z.number().int() }),
  payment: z.object({
    paid: z.number().int(),
    notPaid: z.number().int(),
    total: z.number().int(),
    paidShare: z.number().describe('porcentaje, escalado a 100'),
    notPaidShare: z.number(),
  }),
  levels: z.array(z.object({ levelId: z.number().int(), name: z.string(), courses: z.array(course) })),
  studentsReportAvailable: z.boolean().describe('PDF Reporte Estudiantes-Tutores-Pagados (code_type 1 y 4)'),
});
export type InstitutionReport = z.infer<typeof institutionReport>;

export const institutionStudentsQuery = pageQuery.extend({
  courseId: idParam.optional(),
});
export const studentPaymentRow = z.object({
  rowNumber: z.number().int(),
  rude: z.string(),
  firstLastName: z.string(),
  secondLastName: z.string(),
  name: z.string(),
  gender: z.number().int(),
  state: z.enum(bonusStates).describe('Estado del bono (una sola definición: payments/bonus-state)'),
  stateLabel: z.string(),
  paid: z.boolean().describe('Cuenta como pagado (estado PAGADO o pagado por el banco sin observación)'),
  bank: z.string().nullable().describe('Banco que registró el pago'),
  blocked: z.boolean().describe('Con bloqueo temporal de pago abierto (no se envía a Síntesis)'),
});
export type StudentPaymentRow = z.infer<typeof studentPaymentRow>;
export const studentPaymentPage = pageOf(studentPaymentRow);
export type StudentPaymentPage = z.infer<typeof studentPaymentPage>;

export const documentFormat = z.object({ format: z.enum(['pdf', 'xlsx']) });
export type DocumentFormat = z.infer<typeof documentFormat>['format'];
