import type { Writable } from 'node:stream';
import { openWorkbook, type SheetColumn } from '../sheet-writer.js';
import { boliviaTimestamp } from './format.js';

export type ProgressFigures = { students: number; paid: number; schools: number; consolidated: number };
export type ProgressPlace = ProgressFigures & { id: number; name: string; department?: string | null };
export type ProgressSchool = {
  department: string;
  district: string;
  sie: number;
  name: string;
  subsystem: string;
  consolidated: boolean;
  students: number;
  titulars: number;
  paid: number;
  removed: number;
};
/** Everything the 'Reporte de avance de entrega' shows, read from the database by the main thread. */
export type ProgressData = {
  printedAt: Date;
  departments: ProgressPlace[];
  districts: ProgressPlace[];
  schools: ProgressSchool[];
};

const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100;

const placeColumns = (first: SheetColumn[]): SheetColumn[] => [
  ...first,
  { header: 'UE/CEE', key: 'u' },
  { header: 'Consolidadas', key: 'c', width: 14 },
  { header: 'Beneficiarios', key: 'b', width: 14 },
  { header: 'Entregados', key: 'e', width: 12 },
  { header: 'Pendientes', key: 'p', width: 12 },
  { header: '% Avance', key: 'a', width: 10 },
];
const figures = (r: ProgressFigures) => [
  r.schools,
  r.consolidated,
  r.students,
  r.paid,
  r.students - r.paid,
  percent(r.paid, r.students),
];

/** Delivery progress by department (with the country's total), district and school. */
export async function progressXlsx(data: ProgressData, out: Writable): Promise<void> {
  const book = openWorkbook(out);
  const title = [
    'Reporte de avance de entrega — Bono Juancito Pinto',
    `Fecha de impresión: ${boliviaTimestamp(data.printedAt)}`,
  ];

  const departments = book.sheet(
    'Departamentos',
    title,
    placeColumns([{ header: 'Departamento', key: 'd', width: 16 }]),
  );
  const totals: ProgressFigures = { students: 0, paid: 0, schools: 0, consolidated: 0 };
  for (const r of data.departments) {
    departments.add([r.name, ...figures(r)]);
    for (const k of Object.keys(totals) as Array<keyof ProgressFigures>) totals[k] += r[k];
  }
  departments.add(['TOTAL', ...figures(totals)]);
  departments.done();

  const districts = book.sheet(
    'Distritos',
    title,
    placeColumns([
      { header: 'Departamento', key: 'dp', width: 16 },
      { header: 'Cód. Distrito', key: 'id', width: 12 },
      { header: 'Distrito', key: 'd', width: 28 },
    ]),
  );
  for (const r of data.districts) districts.add([r.department ?? '', r.id, r.name, ...figures(r)]);
  districts.done();

  book.table(
    'Unidades Educativas',
    title,
    [
      { header: 'Departamento', width: 16, value: (r) => r.department },
      { header: 'Distrito', width: 26, value: (r) => r.district },
      { header: 'SIE', width: 10, value: (r) => r.sie },
      { header: 'Institución', width: 40, value: (r) => r.name },
      { header: 'Subsistema', width: 12, value: (r) => r.subsystem },
      { header: 'Lista consolidada', width: 16, value: (r) => (r.consolidated ? 'SI' : 'NO') },
      { header: 'Beneficiarios', width: 13, value: (r) => r.students },
      { header: 'Con titular', width: 12, value: (r) => r.titulars },
      { header: 'Entregados', width: 12, value: (r) => r.paid },
      { header: 'Pendientes', width: 12, value: (r) => r.students - r.paid },
      { header: '% Avance', width: 10, value: (r) => percent(r.paid, r.students) },
      { header: 'Bajas', width: 8, value: (r) => r.removed },
    ],
    data.schools,
  );
  await book.close();
}
