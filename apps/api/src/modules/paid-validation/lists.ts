import {
  DEFAULT_PAGE_SIZE,
  gradeName,
  holderTypes,
  levels,
  type PaidStudentPage,
  type PaidTitularPage,
  type PaidTitularRow,
  paidMessages,
  paidState,
  paidStateLabel,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import { AppError } from '../../lib/errors.js';
import { paidFacts } from './facts.js';
import { titularGroups, titularStudentsPage, titularsPage } from './queries/lists.js';
import { withPending } from './queries/universe.js';

export const holderTypeName = (id: number) => holderTypes.find((t) => t.id === id)?.name ?? '';
const levelName = (id: number) => levels.find((l) => l.id === id)?.name ?? String(id);

type GroupRow = Awaited<ReturnType<typeof titularsPage>>['rows'][number];

export const toTitularRow = (r: GroupRow): PaidTitularRow => ({
  personId: r.personId,
  carnet: r.carnet,
  complemento: r.complemento,
  paterno: r.paterno,
  materno: r.materno,
  name: r.name,
  holderTypeId: r.holderTypeId,
  holderTypeName: holderTypeName(r.holderTypeId),
  ...withPending(r),
});

/** 'Lista de Maestros o Directores como TITULAR DE COBRO', 10 a page, by paterno, materno, nombres. */
export async function listTitulars(deps: AppDeps, sie: number, page: number): Promise<PaidTitularPage> {
  const { year } = await paidFacts(deps.db, sie);
  const { rows, total } = await titularsPage(
    deps.db,
    sie,
    year,
    DEFAULT_PAGE_SIZE,
    (page - 1) * DEFAULT_PAGE_SIZE,
  );
  return { items: rows.map(toTitularRow), page, pageSize: DEFAULT_PAGE_SIZE, total };
}

/** The holder card (carnet, paterno, materno, nombres, holder type) with its counts. */
export async function titularCard(deps: AppDeps, sie: number, personId: number): Promise<PaidTitularRow> {
  const { year } = await paidFacts(deps.db, sie);
  const [row] = await titularGroups(deps.db, sie, year, personId);
  if (!row) throw new AppError('not_found', paidMessages.titularNotFound);
  return toTitularRow(row);
}

/** One titular's students with their state button, 10 a page, by paterno, materno, nombre. */
export async function titularStudents(
  deps: AppDeps,
  sie: number,
  personId: number,
  page: number,
): Promise<PaidStudentPage> {
  const { year } = await paidFacts(deps.db, sie);
  const offset = (page - 1) * DEFAULT_PAGE_SIZE;
  const { rows, total } = await titularStudentsPage(deps.db, sie, year, personId, DEFAULT_PAGE_SIZE, offset);
  if (total === 0) throw new AppError('not_found', paidMessages.titularNotFound);
  return {
    items: rows.map(({ levelId, gradeId, isPaid, ...r }, i) => ({
      ...r,
      number: offset + i + 1,
      nivel: levelName(levelId),
      grado: gradeName(gradeId),
      isPaid,
      state: paidState(isPaid),
      stateLabel: paidStateLabel(isPaid),
    })),
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
  };
}
