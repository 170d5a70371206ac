import {
  type ActiveToggleResult,
  DEFAULT_PAGE_SIZE,
  eventMessages,
  type Page,
  type PeriodCatalogs,
  type PeriodCreate,
  type PeriodRow,
  periodInstances,
  periodStateError,
  periodStates,
  subsystems,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, badRequest } from '../../lib/errors.js';
import {
  insertPeriod,
  lockPeriodActive,
  periodPage,
  periodRow,
  updatePeriodActive,
} from './queries/periods.js';

/** 'Periodos y Etapas', in creation order, 10 a page. */
export async function listPeriods(deps: AppDeps, query: { page: number }): Promise<Page<PeriodRow>> {
  const { rows, total } = await periodPage(deps.db, query.page);
  return { items: rows, page: query.page, pageSize: DEFAULT_PAGE_SIZE, total };
}

export function periodCatalogs(): PeriodCatalogs {
  return {
    subsystems: [...subsystems],
    instances: periodInstances.map((i) => ({ ...i })),
    states: [...periodStates],
  };
}

/** 'Agregar Periodo y Etapa': the instances chosen become the Departamental / Distrital / BJP flags. */
export async function createPeriod(
  deps: AppDeps,
  actor: AuthUser,
  input: PeriodCreate,
  ip: string,
): Promise<PeriodRow> {
  const stateProblem = periodStateError(input, deps.clock.today());
  if (stateProblem) throw badRequest(stateProblem);
  return deps.db.transaction(async (tx) => {
    const id = await insertPeriod(tx, {
      name: input.name,
      phase: input.phase,
      subsystems: [...new Set(input.subsystems)],
      startsOn: input.startsOn,
      endsOn: input.endsOn,
      departmental: input.instances.includes('departmental'),
      district: input.instances.includes('district'),
      institutional: input.instances.includes('institutional'),
      state: input.state,
      active: true,
    });
    await writeAudit(tx, {
      userId: actor.id,
      action: 'period.create',
      entity: 'period',
      entityId: id,
      after: input,
      ip,
    });
    return (await periodRow(tx, id))!;
  });
}

/**
 * The active switch: sets the wanted state, audited. Turning off the registration period closes holder
 * registration for every screen that checks it; the screen asks for confirmation first.
 */
export async function setPeriodActive(
  deps: AppDeps,
  actor: AuthUser,
  id: number,
  active: boolean,
  ip: string,
): Promise<ActiveToggleResult> {
  return deps.db.transaction(async (tx) => {
    const before = await lockPeriodActive(tx, id);
    if (!before) throw new AppError('not_found', eventMessages.periodNotFound);
    await updatePeriodActive(tx, id, active);
    await writeAudit(tx, {
      userId: actor.id,
      action: 'period.active',
      entity: 'period',
      entityId: id,
      before,
      after: { active },
      ip,
    });
    return { id, active };
  });
}
