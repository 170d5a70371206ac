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
import { asc, count, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { periods, programmeSettings } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, badRequest } from '../../lib/errors.js';

const rowColumns = {
  id: periods.id,
  name: periods.name,
  phase: periods.phase,
  subsystems: periods.subsystems,
  startsOn: periods.startsOn,
  endsOn: periods.endsOn,
  departmental: periods.departmental,
  district: periods.district,
  institutional: periods.institutional,
  active: periods.active,
  state: periods.state,
  // Row 1 by default: the holder registration period the holder screens check.
  // Qualified by hand: in a one-table select Drizzle writes the column unqualified, and `id` would bind to s.
  isRegistration: sql<boolean>`exists (select 1 from ${programmeSettings} s where s.registration_period_id = "periods"."id")`,
};

/** 'Periodos y Etapas', in creation order, 10 a page. */
export async function listPeriods(deps: AppDeps, query: { page: number }): Promise<Page<PeriodRow>> {
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(rowColumns)
      .from(periods)
      .orderBy(asc(periods.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((query.page - 1) * DEFAULT_PAGE_SIZE),
    deps.db.select({ n: count() }).from(periods),
  ]);
  return { items: rows, page: query.page, pageSize: DEFAULT_PAGE_SIZE, total: total?.n ?? 0 };
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
    const [row] = await tx
      .insert(periods)
      .values({
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
      })
      .returning({ id: periods.id });
    await writeAudit(tx, {
      userId: actor.id,
      action: 'period.create',
      entity: 'period',
      entityId: row!.id,
      after: input,
      ip,
    });
    const [created] = await tx.select(rowColumns).from(periods).where(eq(periods.id, row!.id));
    return created!;
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
    const [before] = await tx
      .select({ active: periods.active })
      .from(periods)
      .where(eq(periods.id, id))
      .for('update');
    if (!before) throw new AppError('not_found', eventMessages.periodNotFound);
    await tx.update(periods).set({ active }).where(eq(periods.id, id));
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
