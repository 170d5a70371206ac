import { type OpenYearRequest, type ProgrammeYearList, yearMessages } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { refreshStatistics } from '../../db/summaries.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, conflict } from '../../lib/errors.js';
import {
  clearHoldersConsolidation,
  insertClosedYear,
  insertRegistrationPeriod,
  lockOpenYear,
  selectYearList,
  updateOpenYear,
} from './queries.js';

/**
 * 'Abrir gestión' (issue 18): in one transaction, the open year's settings are frozen into
 * closed_years, the new year's holder registration window becomes a period of its own, the settings
 * row becomes the new year's, every school's holder list starts unconsolidated, the statistics are
 * rebuilt for the (still empty) new year, and the audit row comes last. The settings row is locked
 * first, so of two administrators opening at once one waits, then finds the year already open (409).
 */
export async function openYear(
  deps: AppDeps,
  actor: AuthUser,
  input: OpenYearRequest,
  ip: string,
): Promise<ProgrammeYearList> {
  await deps.db.transaction(async (tx) => {
    const open = await lockOpenYear(tx);
    if (!open) throw new Error('programme_settings row is missing');
    if (input.year <= open.year) throw conflict(yearMessages.alreadyOpened(input.year, open.year));
    if (input.year !== open.year + 1) throw badRequest(yearMessages.notNextYear(open.year));
    const closed = await insertClosedYear(tx, {
      year: open.year,
      amountPerStudent: open.amount_per_student,
      directorDeadline: open.director_deadline,
      calendarStart: open.calendar_start,
      registrationPeriodId: open.registration_period_id,
      closedAt: deps.clock.now(),
      closedBy: actor.id,
    });
    // Only a database edited by hand has the open year among the closed ones.
    if (!closed) throw conflict(yearMessages.closedYear(open.year));
    const registrationPeriodId = await insertRegistrationPeriod(tx, {
      name: yearMessages.registrationPeriodName,
      phase: yearMessages.registrationPeriodPhase(input.year),
      subsystems: open.subsystems ?? ['Regular', 'Especial'],
      startsOn: input.registrationStartsOn,
      endsOn: input.registrationEndsOn,
      departmental: open.departmental ?? true,
      district: open.district ?? true,
      institutional: open.institutional ?? true,
      active: true,
      state: 'VIGENTE',
    });
    await updateOpenYear(tx, {
      year: input.year,
      amountPerStudent: input.amountPerStudent,
      directorDeadline: input.directorDeadline,
      calendarStart: input.calendarStart,
      registrationPeriodId,
    });
    const unconsolidated = await clearHoldersConsolidation(tx);
    await refreshStatistics(tx);
    await writeAudit(tx, {
      userId: actor.id,
      action: 'settings.year.open',
      entity: 'programme_year',
      entityId: input.year,
      before: {
        year: open.year,
        amountPerStudent: open.amount_per_student,
        directorDeadline: open.director_deadline,
        calendarStart: open.calendar_start,
        registrationPeriodId: open.registration_period_id,
      },
      after: { ...input, registrationPeriodId, schoolsUnconsolidated: unconsolidated },
      ip,
    });
  });
  return listProgrammeYears(deps);
}

/** 'Gestiones': the open year and every closed one, newest first. */
export async function listProgrammeYears(deps: Pick<AppDeps, 'db'>): Promise<ProgrammeYearList> {
  const list = await selectYearList(deps.db);
  return {
    items: list.map((r) => ({
      year: r.year,
      closed: r.closed,
      amountPerStudent: r.amount_per_student,
      directorDeadline: r.director_deadline,
      calendarStart: r.calendar_start,
      registrationStartsOn: r.registration_starts_on,
      registrationEndsOn: r.registration_ends_on,
      closedAt: r.closed_at ? new Date(r.closed_at).toISOString() : null,
      closedBy: r.closed_by,
    })),
  };
}
