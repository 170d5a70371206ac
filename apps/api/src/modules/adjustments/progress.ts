import { PassThrough, type Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../app.js';
import type { Executor } from '../../db/client.js';
import { boliviaTimestamp, fileTimestamp } from '../../documents/reports/format.js';
import { openWorkbook, type SheetColumn } from '../../documents/sheet-writer.js';

type Rows<T> = { rows: T[] };
type Figures = { students: number; paid: number; schools: number; consolidated: number };
type PlaceRow = Figures & { id: number; name: string; department?: string };

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
const figures = (r: Figures) => [
  r.schools,
  r.consolidated,
  r.students,
  r.paid,
  r.students - r.paid,
  percent(r.paid, r.students),
];

/** Departments and districts from the maintained summaries (a few thousand rows, never the inscriptions). */
async function placeFigures(db: Executor, level: 'department' | 'district'): Promise<PlaceRow[]> {
  const byDistrict = level === 'district';
  const result = (await db.execute(sql`
    WITH b AS (
      SELECT ${sql.raw(byDistrict ? 'district_id' : 'department_id')} AS id, sum(total)::int AS students, sum(paid)::int AS paid
      FROM stats_beneficiaries GROUP BY 1
    ), s AS (
      SELECT ${sql.raw(byDistrict ? 'district_id' : 'department_id')} AS id, sum(institutions)::int AS schools, sum(consolidated)::int AS consolidated
      FROM stats_institutions GROUP BY 1
    )
    SELECT p.id, p.name, ${sql.raw(byDistrict ? 'dp.name' : 'NULL')} AS department,
      coalesce(b.students, 0) AS students, coalesce(b.paid, 0) AS paid,
      coalesce(s.schools, 0) AS schools, coalesce(s.consolidated, 0) AS consolidated
    FROM ${sql.raw(byDistrict ? 'districts p JOIN departments dp ON dp.id = p.department_id' : 'departments p')}
    LEFT JOIN b ON b.id = p.id LEFT JOIN s ON s.id = p.id
    ORDER BY ${sql.raw(byDistrict ? 'p.department_id, p.id' : 'p.id')}`)) as unknown as Rows<PlaceRow>;
  return result.rows.map((r) => ({
    ...r,
    id: Number(r.id),
    students: Number(r.students),
    paid: Number(r.paid),
  }));
}

type SchoolRow = {
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

/** One department's schools with their students, titulars, deliveries and removals (one grouped query). */
async function schoolFigures(db: Executor, departmentId: number): Promise<SchoolRow[]> {
  const result = (await db.execute(sql`
    SELECT dp.name AS department, d.name AS district, i.id AS sie, i.name, i.subsystem,
      i.holders_consolidated_at IS NOT NULL AS consolidated,
      count(n.id) FILTER (WHERE n.removed_at IS NULL)::int AS students,
      count(t.id) FILTER (WHERE n.removed_at IS NULL)::int AS titulars,
      count(p.inscription_id) FILTER (WHERE n.removed_at IS NULL AND p.paid)::int AS paid,
      count(n.id) FILTER (WHERE n.removed_at IS NOT NULL)::int AS removed
    FROM institutions i
    JOIN districts d ON d.id = i.district_id
    JOIN departments dp ON dp.id = i.department_id
    LEFT JOIN inscriptions n ON n.institution_id = i.id AND n.year = (SELECT year FROM programme_settings WHERE id = 1)
    LEFT JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
    LEFT JOIN payments p ON p.inscription_id = n.id
    WHERE i.department_id = ${departmentId}
    GROUP BY dp.name, d.id, d.name, i.id
    ORDER BY d.id, i.id`)) as unknown as Rows<SchoolRow>;
  return result.rows;
}

/**
 * 'Reporte de avance de entrega': delivery progress by department, district and school, streamed
 * through exceljs' WorkbookWriter. Departments and districts come from the summary tables; schools
 * are read one department at a time, so neither the database nor the server holds the country at once.
 */
export async function writeProgressWorkbook(deps: AppDeps, out: Writable): Promise<void> {
  const now = deps.clock.now();
  const book = openWorkbook(out);
  const title = [
    'Reporte de avance de entrega — Bono Juancito Pinto',
    `Fecha de impresión: ${boliviaTimestamp(now)}`,
  ];

  const departments = book.sheet(
    'Departamentos',
    title,
    placeColumns([{ header: 'Departamento', key: 'd', width: 16 }]),
  );
  const totals: Figures = { students: 0, paid: 0, schools: 0, consolidated: 0 };
  const departmentRows = await placeFigures(deps.db, 'department');
  for (const r of departmentRows) {
    departments.add([r.name, ...figures(r)]);
    for (const k of Object.keys(totals) as Array<keyof Figures>) totals[k] += r[k];
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
  for (const r of await placeFigures(deps.db, 'district'))
    districts.add([r.department ?? '', r.id, r.name, ...figures(r)]);
  districts.done();

  const schools = book.sheet('Unidades Educativas', title, [
    { header: 'Departamento', key: 'dp', width: 16 },
    { header: 'Distrito', key: 'd', width: 26 },
    { header: 'SIE', key: 's', width: 10 },
    { header: 'Institución', key: 'i', width: 40 },
    { header: 'Subsistema', key: 'ss', width: 12 },
    { header: 'Lista consolidada', key: 'c', width: 16 },
    { header: 'Beneficiarios', key: 'b', width: 13 },
    { header: 'Con titular', key: 't', width: 12 },
    { header: 'Entregados', key: 'e', width: 12 },
    { header: 'Pendientes', key: 'p', width: 12 },
    { header: '% Avance', key: 'a', width: 10 },
    { header: 'Bajas', key: 'x', width: 8 },
  ]);
  for (const department of departmentRows) {
    for (const r of await schoolFigures(deps.db, department.id)) {
      const students = Number(r.students);
      const paid = Number(r.paid);
      schools.add([
        r.department,
        r.district,
        Number(r.sie),
        r.name,
        r.subsystem,
        r.consolidated ? 'SI' : 'NO',
        students,
        Number(r.titulars),
        paid,
        students - paid,
        percent(paid, students),
        Number(r.removed),
      ]);
    }
  }
  schools.done();
  await book.close();
}

export const progressFileName = (at: Date) => `estadísticas_${fileTimestamp(at)}.xlsx`;

/**
 * Streams the workbook while it is written. If the client goes away the stream closes and the next
 * write fails, which stops the work. The name carries the accent of the original ('estadísticas'),
 * with an ASCII fallback for old clients.
 */
export function sendProgressWorkbook(deps: AppDeps, reply: FastifyReply) {
  const out = new PassThrough();
  const name = progressFileName(deps.clock.now());
  writeProgressWorkbook(deps, out).catch((error: unknown) => {
    reply.log.warn({ err: error }, 'progress spreadsheet stopped');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header(
      'Content-Disposition',
      // The UTF-8 name first: clients that read one name take the accented one.
      `attachment; filename*=UTF-8''${encodeURIComponent(name)}; filename="${name.normalize('NFD').replace(/[\u0300-\u036f]/g, '')}"`,
    )
    .header('Cache-Control', 'no-store')
    .send(out);
}
