import {
  areas,
  bonusStateLabels,
  courseInLevelLabel,
  DEFAULT_PAGE_SIZE,
  dependencies,
  type InstitutionReport,
  institutionTypeName,
  levels,
  paidPieShares,
  type StudentPaymentPage,
  shifts,
} from '@bjp/domain';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { type YearSettings, yearToRead } from '../settings/index.js';
import {
  courseFigures,
  holdersDeclaredIn,
  institutionsByName,
  institutionWithPlace,
  studentPaymentPage,
} from './queries/institution.js';

/** The director's dropdown ('Seleccione Institución'): the schools of their scope. */
export async function institutionOptions(db: Executor, user: AuthUser) {
  const ids = user.scope.kind === 'institutions' ? user.scope.institutionIds : [];
  if (ids.length === 0) return { items: [] };
  const items = await institutionsByName(db, ids);
  return { items };
}

/** The school of a guarded route (scope already checked by the route's guard). */
export async function loadInstitution(db: Executor, sie: number) {
  const row = await institutionWithPlace(db, sie);
  if (!row) throw new AppError('not_found', 'No se encontró la institución educativa.');
  return row;
}

const shiftName = (id: number) => shifts.find((s) => s.id === id)?.name ?? '';

/**
 * 'Reporte Institución': both pies, the level and course list, and whether the PDF is offered, for
 * the open year or a closed one (`year`; its amount from closed_years, its figures from student_bonus
 * of that year). In a closed year the school is consolidated when it holds a current holders
 * declaration of that year, as Seguimiento and the dashboard read it (decision 040).
 */
export async function institutionReport(
  db: Executor,
  sie: number,
  year?: number | YearSettings,
): Promise<InstitutionReport> {
  const school = await loadInstitution(db, sie);
  const settings = await yearToRead(db, year);
  const [figures, consolidatedAt] = await Promise.all([
    courseFigures(db, sie, settings.year),
    settings.closed ? holdersDeclaredIn(db, sie, settings.year) : school.consolidatedAt,
  ]);
  const total = figures.reduce((s, c) => s + c.students, 0);
  const paid = figures.reduce((s, c) => s + c.paid, 0);
  const male = figures.reduce((s, c) => s + c.male, 0);
  const shares = paidPieShares(paid, total - paid, total);
  return {
    institution: {
      id: school.id,
      name: school.name,
      codeType: school.codeType,
      typeName: institutionTypeName(school.codeType),
      dependencyName: dependencies.find((d) => d.id === school.dependency)?.name ?? String(school.dependency),
      areaName: areas.find((a) => a.id === school.area)?.name ?? school.area,
      districtName: school.districtName,
      departmentName: school.departmentName,
      consolidated: consolidatedAt !== null,
    },
    year: settings.year,
    amountPerStudent: settings.amountPerStudent,
    gender: { male, female: total - male },
    payment: { paid, notPaid: total - paid, total, paidShare: shares.paid, notPaidShare: shares.notPaid },
    levels: levels
      .map((level) => ({
        levelId: level.id,
        name: level.name,
        courses: figures
          .filter((c) => c.levelId === level.id)
          .map((c) => ({
            courseId: c.courseId,
            label: courseInLevelLabel(c.gradeId, c.parallelId),
            shift: shiftName(c.shiftId),
            students: c.students,
            paid: c.paid,
          })),
      }))
      .filter((l) => l.courses.length > 0),
    studentsReportAvailable: (school.codeType === 1 || school.codeType === 4) && total > 0,
  };
}

/** 'Estado Cobro de Estudiantes': paged, sorted by paterno, materno, nombre. */
export async function institutionStudents(
  db: Executor,
  sie: number,
  query: { page: number; courseId?: number; search?: string; year?: number },
): Promise<StudentPaymentPage> {
  const settings = await yearToRead(db, query.year);
  const search = query.search?.toUpperCase();
  const offset = (query.page - 1) * DEFAULT_PAGE_SIZE;
  const { rows, total } = await studentPaymentPage(db, sie, settings.year, {
    courseId: query.courseId,
    search,
    offset,
  });
  return {
    items: rows.map(({ bankPaid, ...r }, i) => ({
      rowNumber: offset + i + 1,
      ...r,
      stateLabel: bonusStateLabels[r.state],
      bank: bankPaid ? r.bank : null,
    })),
    page: query.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
  };
}
