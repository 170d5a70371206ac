import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-types.js';
import { fileTimestamp } from '../../documents/reports/format.js';
import type { ProgressData, ProgressSchool as SchoolRow } from '../../documents/reports/progress-xlsx.js';
import { withDocument } from '../../documents/service.js';
import { placeFigures, schoolFigures } from './queries.js';

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
