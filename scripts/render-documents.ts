/**
 * Renders every declaration and report PDF for a small, a large (1,500 students) and an empty school
 * from generated data, then each page to PNG (`pdftoppm -png -r 60`), to look at how they read
 * (issue 12, part 5). Data are built here, not read from a database: the layout is what is checked,
 * and the same seed gives the same files.
 *
 *   npx tsx scripts/render-documents.ts [--out /tmp/bjp-documents] [--screenshots]
 *
 * `--screenshots` also copies the first and the last page of each document to docs/screenshots/
 * (pdf-{document}-{size}-p1.png and -last.png).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InstitutionReport, PaidReport, PlaceReport, TrackingRow } from '@bjp/domain';
import type {
  DeclarationData,
  DeclarationStudent,
  ReportStudent,
  StudentDetail,
} from '../apps/api/src/documents/inputs.js';
import { templates } from '../apps/api/src/documents/worker/templates.js';

const args = process.argv.slice(2);
const out = args.includes('--out') ? args[args.indexOf('--out') + 1]! : '/tmp/bjp-documents';
const screenshots = args.includes('--screenshots');
const printedAt = new Date('2025-11-20T15:30:00Z');

// A small deterministic generator: the same files on every run.
let seed = 12;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const SURNAMES = [
  'MAMANI',
  'QUISPE',
  'PEÑA',
  'ÁLVAREZ',
  'GUTIÉRREZ',
  'CHOQUE',
  'ROJAS',
  'NÚÑEZ',
  'LÓPEZ',
  'CONDORI',
  'VARGAS',
  'FERNÁNDEZ DE CÓRDOVA',
];
const NAMES = [
  'JOSÉ LUIS',
  'MARÍA',
  'ÁNGEL',
  'SOFÍA BELÉN',
  'MOISÉS',
  'INÉS',
  'RAÚL',
  'JESÚS',
  'LUCÍA',
  'MARÍA DE LOS ÁNGELES',
  'SEBASTIÁN',
];
const TYPES = ['APODERADO', 'APODERADO', 'APODERADO', 'MAESTRO', 'DIRECTOR'];

type Size = 'small' | 'large' | 'empty';
const SIZES: Record<Size, number> = { small: 30, large: 1500, empty: 0 };

type Course = { shiftId: number; levelId: number; gradeId: number; parallelId: number };
/** Courses of a regular school: primary and secondary grades 1–6, parallels A…, about 30 a course. */
function courses(students: number): Course[] {
  const list: Course[] = [];
  const perCourse = 30;
  const needed = Math.ceil(students / perCourse);
  for (let i = 0; list.length < needed; i++) {
    const levelId = i % 12 < 6 ? 12 : 13;
    list.push({ shiftId: 1, levelId, gradeId: (i % 6) + 1, parallelId: Math.floor(i / 12) + 1 });
  }
  return list.sort((a, b) => a.levelId - b.levelId || a.gradeId - b.gradeId || a.parallelId - b.parallelId);
}

function declaration(size: Size, codeType: 1 | 4): DeclarationData {
  const n = codeType === 4 && size === 'small' ? 12 : SIZES[size];
  const list = codeType === 4 ? [{ shiftId: 1, levelId: 1, gradeId: 1, parallelId: 1 }] : courses(n);
  const students: DeclarationStudent[] = [];
  for (let i = 0; i < n; i++) {
    const c = list[codeType === 4 ? 0 : Math.floor(i / 30)]!;
    const pending = rand() < 0.04;
    const type = pick(TYPES);
    students.push({
      ...c,
      rude: `8090${String(100000000 + i)}`,
      student: `${pick(SURNAMES)} ${pick(SURNAMES)} ${pick(NAMES)}`,
      birthDate: `201${Math.floor(rand() * 8)}-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}`,
      titularCarnet: pending ? null : String(4000000 + Math.floor(rand() * 5000000)),
      titularName: pending ? null : `${pick(SURNAMES)} ${pick(SURNAMES)} ${pick(NAMES)}`,
      titularType: pending ? null : type,
    });
  }
  const rows = list.map((c) => {
    const of = students.filter(
      (s) => s.gradeId === c.gradeId && s.parallelId === c.parallelId && s.levelId === c.levelId,
    );
    const by = (t: string) => of.filter((s) => s.titularType === t).length;
    return {
      shift: 'MAÑANA',
      level: c.levelId === 12 ? 'Primaria' : c.levelId === 13 ? 'Secundaria' : 'Especial',
      gradeId: c.gradeId,
      parallelId: c.parallelId,
      total: of.length,
      apoderados: by('APODERADO'),
      maestros: by('MAESTRO'),
      directores: by('DIRECTOR'),
      removed: 0,
      pending: of.filter((s) => !s.titularCarnet).length,
    };
  });
  const keys = ['total', 'apoderados', 'maestros', 'directores', 'removed', 'pending'] as const;
  const totals = Object.fromEntries(
    keys.map((k) => [k, rows.reduce((a, r) => a + r[k], 0)]),
  ) as DeclarationData['totals'];
  return {
    sie: codeType === 4 ? 80730999 : 80730460,
    name: codeType === 4 ? 'CENTRO DE EDUCACIÓN ESPECIAL SAN JOSÉ' : 'UNIDAD EDUCATIVA JOSÉ MARÍA LINARES',
    typeName: codeType === 4 ? 'Centro de Educación Especial' : 'Unidad Educativa Regular',
    codeType,
    district: 'EL ALTO 1',
    department: 'LA PAZ',
    year: 2025,
    consolidatedAt: new Date('2025-10-28T14:05:00Z'),
    consolidatedBy: 'MARÍA QUISPE',
    rows: codeType === 4 ? [] : rows,
    totals,
    students,
  };
}

function paid(
  size: Size,
  codeType: 1 | 4,
): { report: PaidReport; students: ReportStudent[]; printedAt: Date } {
  const n = SIZES[size];
  const holders = Math.max(0, Math.ceil(n / 25));
  const students: ReportStudent[] = [];
  const rows: PaidReport['rows'] = [];
  for (let h = 0; h < holders; h++) {
    const titular = `${pick(SURNAMES)} ${pick(SURNAMES)} ${pick(NAMES)}`;
    const count = Math.min(25, n - h * 25);
    let notPaid = 0;
    for (let i = 0; i < count; i++) {
      const isPaid = rand() > 0.08;
      if (!isPaid) notPaid++;
      students.push({
        titular,
        rude: `8090${String(200000000 + h * 25 + i)}`,
        student: `${pick(SURNAMES)} ${pick(SURNAMES)} ${pick(NAMES)}`,
        nivel: codeType === 4 ? 'Especial' : pick(['Primaria', 'Secundaria']),
        grado: pick(['Primero', 'Segundo', 'Tercero', 'Cuarto', 'Quinto', 'Sexto']),
        isPaid,
        observation: isPaid
          ? null
          : 'El estudiante no asistió el día del pago; trasladado a otra unidad educativa.',
      });
    }
    const [paterno, materno, ...nombres] = titular.split(' ');
    rows.push({
      personId: h + 1,
      carnet: String(3000000 + h),
      complemento: h % 7 === 0 ? '1B' : '',
      paterno: paterno!,
      materno: materno!,
      name: nombres.join(' '),
      holderTypeName: h % 5 === 0 ? 'DIRECTOR' : 'MAESTRO',
      total: count,
      totalPaid: count - notPaid,
      totalPending: notPaid,
      saldo: notPaid * 200,
    });
  }
  const totals = {
    total: rows.reduce((a, r) => a + r.total, 0),
    totalPaid: rows.reduce((a, r) => a + r.totalPaid, 0),
    totalPending: rows.reduce((a, r) => a + r.totalPending, 0),
  };
  const saldo = totals.totalPending * 200;
  return {
    report: {
      sie: codeType === 4 ? 80730999 : 80730460,
      name: codeType === 4 ? 'CENTRO DE EDUCACIÓN ESPECIAL SAN JOSÉ' : 'UNIDAD EDUCATIVA JOSÉ MARÍA LINARES',
      codeType,
      typeName: codeType === 4 ? 'Centro de Educación Especial' : 'Unidad Educativa Regular',
      departmentName: 'LA PAZ',
      districtName: 'EL ALTO 1',
      year: 2025,
      consolidatedAt: '2025-11-18T13:00:00.000Z',
      consolidatedBy: 'MARÍA QUISPE',
      amountPerStudent: 200,
      rows,
      totals,
      saldo,
      saldoText: saldo.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    },
    students,
    printedAt,
  };
}

function institution(size: Size): { report: InstitutionReport; rows: StudentDetail[]; printedAt: Date } {
  const d = declaration(size, 1);
  const rows = d.students.map((s, i) => {
    const [first, second, ...name] = s.student.split(' ');
    const isPaid = rand() > 0.2;
    return {
      shiftId: s.shiftId,
      levelId: s.levelId,
      gradeId: s.gradeId,
      parallelId: s.parallelId,
      rude: s.rude,
      firstLastName: first!,
      secondLastName: second!,
      name: name.join(' '),
      birthDate: s.birthDate,
      titularCarnet: s.titularCarnet,
      titularName: s.titularName,
      titularType: s.titularType,
      paid: isPaid,
      paidOn: isPaid ? `2025-11-0${1 + (i % 9)}` : null,
      mode: isPaid ? pick(['VENTANILLA', 'UNIDAD EDUCATIVA']) : null,
      bank: isPaid ? 'BANCO UNIÓN' : null,
    };
  }) as StudentDetail[];
  const paidCount = rows.filter((r) => r.paid).length;
  return {
    report: {
      institution: {
        id: d.sie,
        name: d.name,
        codeType: 1,
        typeName: d.typeName,
        dependencyName: 'PÚBLICA',
        areaName: 'URBANO',
        districtName: d.district,
        departmentName: d.department,
        consolidated: true,
      },
      year: 2025,
      amountPerStudent: 200,
      gender: { male: Math.floor(rows.length / 2), female: rows.length - Math.floor(rows.length / 2) },
      payment: {
        paid: paidCount,
        notPaid: rows.length - paidCount,
        total: rows.length,
        paidShare: rows.length ? (paidCount / rows.length) * 100 : 0,
        notPaidShare: rows.length ? 100 - (paidCount / rows.length) * 100 : 0,
      },
      levels: [],
      studentsReportAvailable: true,
    },
    rows,
    printedAt,
  };
}

function place(
  level: PlaceReport['place']['level'],
  scale: number,
): { report: PlaceReport; printedAt: Date } {
  const fig = () => {
    const total = Math.floor(rand() * 900 * scale);
    return { total, paid: Math.floor(total * (0.6 + rand() * 0.4)) };
  };
  const sum = (fs: Array<{ total: number; paid: number }>) => ({
    total: fs.reduce((a, f) => a + f.total, 0),
    paid: fs.reduce((a, f) => a + f.paid, 0),
  });
  const line = () => {
    const primaria = Array.from({ length: 6 }, fig);
    const secundaria = Array.from({ length: 6 }, fig);
    const especial = fig();
    const primariaTotal = sum(primaria);
    const secundariaTotal = sum(secundaria);
    return {
      especial,
      primaria,
      primariaTotal,
      secundaria,
      secundariaTotal,
      total: sum([especial, primariaTotal, secundariaTotal]),
    };
  };
  const rows = [
    { dependency: 1, dependencyName: 'PÚBLICA', area: 'R', areaName: 'RURAL', ...line() },
    { dependency: 1, dependencyName: 'PÚBLICA', area: 'U', areaName: 'URBANO', ...line() },
    { dependency: 2, dependencyName: 'CONVENIO', area: 'R', areaName: 'RURAL', ...line() },
    { dependency: 2, dependencyName: 'CONVENIO', area: 'U', areaName: 'URBANO', ...line() },
  ];
  const merge = (pickLine: (r: (typeof rows)[number]) => { total: number; paid: number }) =>
    sum(rows.map(pickLine));
  const totalGeneral = {
    especial: merge((r) => r.especial),
    primaria: Array.from({ length: 6 }, (_, i) => merge((r) => r.primaria[i]!)),
    primariaTotal: merge((r) => r.primariaTotal),
    secundaria: Array.from({ length: 6 }, (_, i) => merge((r) => r.secundaria[i]!)),
    secundariaTotal: merge((r) => r.secundariaTotal),
    total: merge((r) => r.total),
  };
  const t = totalGeneral.total;
  const pct = (a: number, b: number) => (b ? ((a / b) * 100).toFixed(2) : '0.00');
  const dep = (dependency: number | null, name: string, f: { total: number; paid: number }) => ({
    dependency,
    name,
    institutions: Math.ceil(f.total / 300),
    consolidated: Math.ceil(f.total / 330),
    totalStudents: f.total,
    paidStudents: f.paid,
    paidPercentage: pct(f.paid, f.total),
    totalAmount: f.total * 200,
    paidAmount: f.paid * 200,
  });
  return {
    report: {
      place: {
        level,
        id: level === 'national' ? null : level === 'department' ? 2 : 20101,
        name: level === 'national' ? 'Bolivia' : level === 'department' ? 'LA PAZ' : 'EL ALTO 1',
        departmentName: level === 'district' ? 'LA PAZ' : null,
      },
      year: 2025,
      amountPerStudent: 200,
      summary: {
        totalStudents: t.total,
        paidStudents: t.paid,
        totalAmount: t.total * 200,
        paidAmount: t.paid * 200,
        paidPercentage: pct(t.paid, t.total),
        pendingPercentage: pct(t.total - t.paid, t.total),
      },
      dependencies: [
        dep(1, 'PÚBLICA', sum([rows[0]!.total, rows[1]!.total])),
        dep(2, 'CONVENIO', sum([rows[2]!.total, rows[3]!.total])),
        dep(null, 'TOTAL', t),
      ],
      matrix: { rows, totalGeneral },
    },
    printedAt,
  };
}

function tracking(schools: number) {
  const rows: TrackingRow[] = Array.from({ length: schools }, (_, i) => {
    const concluded = rand() > 0.3;
    return {
      rowNumber: i + 1,
      institutionId: 80730000 + i,
      name: `UNIDAD EDUCATIVA ${pick(SURNAMES)} ${pick(NAMES)}`,
      districtId: 20101,
      districtName: 'EL ALTO 1',
      subsystem: pick(['Regular', 'Especial']),
      status: concluded ? 'CONCLUIDO' : 'PENDIENTE',
      consolidatedAt: concluded ? '2025-10-28T14:05:00Z' : null,
    };
  });
  const concluded = rows.filter((r) => r.status === 'CONCLUIDO').length;
  return {
    place: {
      level: 'district' as const,
      id: 20101,
      name: 'EL ALTO 1',
      departmentId: 2,
      departmentName: 'LA PAZ',
    },
    year: 2025,
    counts: { total: rows.length, concluded, pending: rows.length - concluded },
    rows,
    filtersLabel: 'Filtros: estado Todos, subsistema Todos',
    printedAt,
  };
}

type Job = { name: string; render: () => Promise<Buffer> };
const jobs: Job[] = [];
for (const size of ['small', 'large', 'empty'] as const) {
  jobs.push({
    name: `ddjj-holders-${size}`,
    render: () => templates.declarationPdf({ data: declaration(size, 1), printedAt }),
  });
  jobs.push({ name: `ddjj-paid-${size}`, render: () => templates.paidReportPdf(paid(size, 4)) });
  jobs.push({ name: `paid-report-${size}`, render: () => templates.paidReportPdf(paid(size, 1)) });
  jobs.push({ name: `school-report-${size}`, render: () => templates.studentsPdf(institution(size)) });
  jobs.push({ name: `tracking-${size}`, render: () => templates.trackingPdf(tracking(SIZES[size] / 5)) });
}
jobs.push({
  name: 'ddjj-holders-special-small',
  render: () => templates.declarationPdf({ data: declaration('small', 4), printedAt }),
});
jobs.push({ name: 'district-report', render: () => templates.placeReportPdf(place('district', 1)) });
jobs.push({ name: 'department-report', render: () => templates.placeReportPdf(place('department', 40)) });
jobs.push({ name: 'national-report', render: () => templates.placeReportPdf(place('national', 400)) });

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const shots = join(import.meta.dirname, '..', 'docs', 'screenshots');
for (const job of jobs) {
  const pdf = await job.render();
  const file = join(out, `${job.name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '60', file, join(out, job.name)]);
  const pngs = readdirSync(out)
    .filter((f) => f.startsWith(`${job.name}-`) && /^-\d+\.png$/.test(f.slice(job.name.length)))
    .sort();
  console.log(`${job.name}: ${pngs.length} página(s), ${pdf.length} bytes`);
  if (screenshots && pngs.length) {
    copyFileSync(join(out, pngs[0]!), join(shots, `pdf-${job.name}-p1.png`));
    if (pngs.length > 1) copyFileSync(join(out, pngs.at(-1)!), join(shots, `pdf-${job.name}-last.png`));
    // The page of the signature, when it is neither the first nor the last (the pending summary follows).
    const pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
    const signed = pages.findIndex((page) => /Firma y sello/.test(page));
    if (signed > 0 && signed < pngs.length - 1)
      copyFileSync(join(out, pngs[signed]!), join(shots, `pdf-${job.name}-signature.png`));
  }
}
console.log(`PDF y PNG en ${out}`);
