import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-types.js';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { fileTimestamp } from '../../documents/reports/format.js';
import type {
  ProgressPlace as PlaceRow,
  ProgressData,
  ProgressSchool as SchoolRow,
} from '../../documents/reports/progress-xlsx.js';
import { withDocument } from '../../documents/service.js';

/** Departments and districts from the maintained summaries (a few thousand rows, never the inscriptions). */
async function placeFigures(db: Executor, level: 'department' | 'district'): Promise<PlaceRow[]> {
  const byDistrict = level === 'district';
  const result = await rows<PlaceRow>(
    db,
    sql`
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
    ORDER BY ${sql.raw(byDistrict ? 'p.department_id, p.id' : 'p.id')}`,
  );
  return result.map((r) => ({
    ...r,
    id: Number(r.id),
    students: Number(r.students),
    paid: Number(r.paid),
  }));
}

/** One department's schools with their students, titulars, deliveries and removals (one grouped query). */
async function schoolFigures(db: Executor, departmentId: number): Promise<SchoolRow[]> {
  const result = await rows<SchoolRow>(
    db,
    sql`
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
    ORDER BY d.id, i.id`,
  );
  return result;
}

/**
 * What the 'Reporte de avance de entrega' shows. Departments and districts come from the summary
 * tables; schools are read one department at a time, so the database never groups the country at
 * once (the country's schools are a few megabytes of rows; the workbook is built in the worker).
 */
export async function progressData(deps: AppDeps): Promise<ProgressData> {
  const departments = await placeFigures(deps.db, 'department');
  const districts = await placeFigures(deps.db, 'district');
  const schools: SchoolRow[] = [];
  for (const department of departments) {
    for (const r of await schoolFigures(deps.db, department.id)) {
      schools.push({
        ...r,
        sie: Number(r.sie),
        students: Number(r.students),
        titulars: Number(r.titulars),
        paid: Number(r.paid),
        removed: Number(r.removed),
      });
    }
  }
  return { printedAt: deps.clock.now(), departments, districts, schools };
}

export const progressFileName = (at: Date) => `estadísticas_${fileTimestamp(at)}.xlsx`;

/**
 * Sends the workbook, built by the document worker. The name carries the accent of the original
 * ('estadísticas'), with an ASCII fallback for old clients.
 */
export function sendProgressWorkbook(deps: AppDeps, reply: FastifyReply) {
  return withDocument(reply, async (render) => {
    const data = await progressData(deps);
    const xlsx = await render('progressXlsx', data);
    const name = progressFileName(data.printedAt);
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header(
        'Content-Disposition',
        // The UTF-8 name first: clients that read one name take the accented one.
        `attachment; filename*=UTF-8''${encodeURIComponent(name)}; filename="${name.normalize('NFD').replace(/[\u0300-\u036f]/g, '')}"`,
      )
      .header('Content-Length', xlsx.length)
      .header('Cache-Control', 'no-store')
      .send(xlsx);
  });
}
