/**
 * The first declaration PDF after a start (issue 33: 9–12 s while the workers and their JIT are cold,
 * goal under 2 s). Each run is a fresh Node process, as a fresh server is: it builds the document
 * service, optionally warms it (what main.ts does once it listens, DocumentService.warm), then times
 * one 500-student declaration, and a second one as the warm reference.
 *
 *   npm run bench -- first-document [--runs 5]
 */
import { execFileSync } from 'node:child_process';
import type { DeclarationData } from '../apps/api/src/documents/inputs.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A regular school's declaration: courses of 30, one student in ten without a titular. */
function declarationOf(count: number): DeclarationData {
  const students = Array.from({ length: count }, (_, i) => ({
    shiftId: 1,
    levelId: 12,
    gradeId: 1 + (Math.floor(i / 30) % 6),
    parallelId: 1 + Math.floor(i / 180),
    rude: `8090${String(100000000 + i)}`,
    student: 'FERNÁNDEZ QUISPE MARÍA DE LOS ÁNGELES',
    birthDate: '2015-05-06',
    titularCarnet: i % 10 === 0 ? null : String(4000000 + i),
    titularName: i % 10 === 0 ? null : 'MAMANI CONDORI ROSA ELENA',
    titularType: i % 10 === 0 ? null : 'APODERADO',
  }));
  const courses = new Map<string, typeof students>();
  for (const s of students) {
    const key = `${s.gradeId}-${s.parallelId}`;
    courses.set(key, [...(courses.get(key) ?? []), s]);
  }
  const rows = [...courses.values()].map((of) => ({
    shift: 'MAÑANA',
    level: 'Primaria',
    gradeId: of[0]!.gradeId,
    parallelId: of[0]!.parallelId,
    total: of.length,
    apoderados: of.filter((s) => s.titularType).length,
    maestros: 0,
    directores: 0,
    removed: 0,
    pending: of.filter((s) => !s.titularType).length,
  }));
  const sum = (k: 'total' | 'apoderados' | 'pending') => rows.reduce((a, r) => a + r[k], 0);
  return {
    sie: 80730460,
    name: 'UNIDAD EDUCATIVA JOSÉ MARÍA LINARES',
    typeName: 'Unidad Educativa Regular',
    codeType: 1,
    district: 'EL ALTO 1',
    department: 'LA PAZ',
    year: 2025,
    consolidatedAt: new Date('2025-10-28T14:05:00Z'),
    consolidatedBy: 'MARÍA QUISPE',
    rows,
    totals: {
      total: sum('total'),
      apoderados: sum('apoderados'),
      maestros: 0,
      directores: 0,
      removed: 0,
      pending: sum('pending'),
    },
    students,
  };
}

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;

if (process.env.BJP_FIRST_DOCUMENT_CHILD) {
  const { DocumentService } = await import('../apps/api/src/documents/service.js');
  const service = new DocumentService({ threads: 2, perUser: 2, maxQueue: 50 });
  const started = performance.now();
  if (process.env.BJP_FIRST_DOCUMENT_CHILD === 'warm') await service.warm();
  const warmedIn = performance.now() - started;
  const time = async () => {
    const t0 = performance.now();
    await service.render('declarationPdf', { data: declarationOf(500), printedAt: new Date() });
    return performance.now() - t0;
  };
  const first = await time();
  const second = await time();
  await service.close();
  console.log(JSON.stringify({ warmedIn, first, second }));
} else {
  const measure = (mode: 'cold' | 'warm') =>
    Array.from({ length: runs }, () => {
      const out = execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename], {
        env: { ...process.env, BJP_FIRST_DOCUMENT_CHILD: mode },
        encoding: 'utf8',
      });
      return JSON.parse(out.trim().split('\n').at(-1)!) as {
        warmedIn: number;
        first: number;
        second: number;
      };
    });
  const cold = measure('cold');
  const warm = measure('warm');
  const ms = (values: number[]) => `${Math.round(median(values))} ms`;
  console.log(`first declaration (500 students) after a start, median of ${runs} fresh processes:`);
  console.log(
    `  without warm-up: first ${ms(cold.map((r) => r.first))}, second ${ms(cold.map((r) => r.second))}`,
  );
  console.log(
    `  warmed at start:  first ${ms(warm.map((r) => r.first))}, second ${ms(warm.map((r) => r.second))} (warm-up took ${ms(warm.map((r) => r.warmedIn))})`,
  );
}
