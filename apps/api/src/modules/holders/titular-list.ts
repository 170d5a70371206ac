import {
  courseLabel,
  DEFAULT_PAGE_SIZE,
  holderMessages,
  holderTypes,
  type TitularListPage,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { assertListOpen, institutionFacts } from './context.js';
import { titularStudentRows, titularsPage, validateTitularRows } from './queries/lists.js';

const holderTypeName = (id: number) => holderTypes.find((t) => t.id === id)?.name ?? '';

/**
 * The titular validation list: each adult who collects here, their holder type, how many students
 * (TOTAL) and how many of those the school has confirmed (VALIDADO). Teachers and directors, who
 * may collect for many students, come first.
 */
export async function listTitulars(
  deps: AppDeps,
  sie: number,
  query: { page: number; holderType?: number },
): Promise<TitularListPage> {
  const { year } = await institutionFacts(deps, deps.db, sie);
  const { rows, total } = await titularsPage(
    deps.db,
    sie,
    year,
    query.holderType,
    DEFAULT_PAGE_SIZE,
    (query.page - 1) * DEFAULT_PAGE_SIZE,
  );
  return {
    items: rows.map(({ p, ...g }) => ({
      personId: p.id,
      carnet: p.carnet,
      complemento: p.complemento,
      paterno: p.firstLastName,
      materno: p.secondLastName,
      name: p.name,
      holderTypeId: g.holderTypeId,
      holderTypeName: holderTypeName(g.holderTypeId),
      total: g.total,
      validated: g.validated,
    })),
    page: query.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
  };
}

/** The students one titular collects for in this school, for the 'Validar Estudiantes' dialog. */
export async function titularStudents(deps: AppDeps, sie: number, personId: number) {
  const { year } = await institutionFacts(deps, deps.db, sie);
  const rows = await titularStudentRows(deps.db, sie, year, personId);
  if (rows.length === 0) throw new AppError('not_found', holderMessages.titularNotFound);
  return {
    items: rows.map(({ levelId, gradeId, parallelId, ...r }) => ({
      ...r,
      course: courseLabel({ levelId, gradeId, parallelId }),
    })),
  };
}

/**
 * 'Validar Estudiantes': the school confirms every current student of this titular. Only while the
 * list is open; after consolidation the button reads 'Consolidado' and the server refuses too.
 */
export async function validateTitularStudents(
  deps: AppDeps,
  user: AuthUser,
  sie: number,
  personId: number,
  ip: string,
) {
  return deps.db.transaction(async (tx) => {
    const facts = await institutionFacts(deps, tx, sie, { lock: true });
    assertListOpen(facts);
    const { updated, current } = await validateTitularRows(
      tx,
      sie,
      facts.year,
      personId,
      deps.clock.now(),
      user.id,
    );
    if (!current) throw new AppError('not_found', holderMessages.titularNotFound);
    if (updated.length === 0) throw new AppError('conflict', holderMessages.nothingToValidate);
    await writeAudit(tx, {
      userId: user.id,
      action: 'holders.titular.validate',
      entity: 'person',
      entityId: personId,
      after: { sie, inscriptions: updated.map((u) => u.inscriptionId) },
      ip,
    });
    return { validated: current, total: current };
  });
}
