import { declarationDocument } from '../holders/declaration-pdf.js';
import type { DeclarationData, DeclarationStudent } from '../inputs.js';
import { renderPdf } from '../pdf-printer.js';
import { withVerification } from '../verification-block.js';

/**
 * A worker's first document costs seconds more than its next ones: pdfmake, its fonts and the
 * layout code are loaded and compiled on first use (issue 33: the first declaration after a start
 * took 9–12 s, later ones 2 s). `warmUp` renders one declaration of two courses, signed and stamped,
 * in each worker at start, so the first user's document finds them ready.
 */
const students: DeclarationStudent[] = Array.from({ length: 60 }, (_, i) => ({
  shiftId: 1,
  levelId: 12,
  gradeId: 1 + Math.floor(i / 30),
  parallelId: 1,
  rude: `8090${String(100000000 + i)}`,
  student: 'QUISPE MAMANI ANA MARÍA',
  birthDate: '2016-03-04',
  titularCarnet: i % 10 === 0 ? null : '4512345',
  titularName: i % 10 === 0 ? null : 'MAMANI QUISPE ROSA',
  titularType: i % 10 === 0 ? null : 'APODERADO',
}));

const rows = [1, 2].map((gradeId) => ({
  shift: 'MAÑANA',
  level: 'Primaria',
  gradeId,
  parallelId: 1,
  total: 30,
  apoderados: 27,
  maestros: 0,
  directores: 0,
  removed: 0,
  pending: 3,
}));

const sample: DeclarationData = {
  sie: 80730460,
  name: 'UNIDAD EDUCATIVA DE CALENTAMIENTO',
  typeName: 'Unidad Educativa Regular',
  codeType: 1,
  district: 'EL ALTO 1',
  department: 'LA PAZ',
  year: 2025,
  consolidatedAt: new Date('2025-10-28T14:05:00Z'),
  consolidatedBy: 'SISTEMA',
  rows,
  totals: { total: 60, apoderados: 54, maestros: 0, directores: 0, removed: 0, pending: 6 },
  students,
};

export function warmUp(): Promise<Buffer> {
  const document = declarationDocument(sample, new Date('2025-10-28T14:05:00Z'));
  return renderPdf(
    withVerification(document, { code: 'CALENTAR-0000', url: 'http://localhost/verificar', version: 1 }),
  );
}
