import { holderMessages, periodOpen } from '@bjp/domain';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { institutionFactsRow, registrationPeriodRow } from './queries/school.js';

export type RegistrationPeriod = { startsOn: string; endsOn: string; active: boolean } | null;

/** The holder-registration period: the periods row the programme settings name (period 1). */
export async function registrationPeriod(
  db: Executor,
): Promise<{ year: number; period: RegistrationPeriod }> {
  const row = await registrationPeriodRow(db);
  if (!row) throw new Error('programme_settings row is missing');
  const period =
    row.startsOn && row.endsOn
      ? { startsOn: row.startsOn, endsOn: row.endsOn, active: row.active ?? false }
      : null;
  return { year: row.year, period };
}

export type InstitutionFacts = {
  sie: number;
  codeType: number;
  districtId: number;
  consolidatedAt: Date | null;
  year: number;
  period: RegistrationPeriod;
  periodOpen: boolean;
};

/**
 * What decides whether an institution's list can change. With `lock`, the institution row is
 * locked FOR SHARE until the transaction ends: writers of one school run side by side, but
 * consolidation (an UPDATE of that row) waits for them and they wait for it, so no titular is
 * written into a list that consolidated in between.
 */
export async function institutionFacts(
  deps: AppDeps,
  db: Executor,
  sie: number,
  options: { lock?: boolean } = {},
): Promise<InstitutionFacts> {
  // One round trip: the school with the programme year and the registration period beside it.
  const row = await institutionFactsRow(db, sie, options.lock ?? false);
  if (!row) throw new AppError('not_found', 'Institución no encontrada.');
  const { startsOn, endsOn, active, ...school } = row;
  const period = startsOn && endsOn ? { startsOn, endsOn, active: active ?? false } : null;
  return { ...school, period, periodOpen: periodOpen(period, deps.clock.today()) };
}

/** Refuses changes to a consolidated list or outside the registration period (409). */
export function assertListOpen(facts: InstitutionFacts): void {
  if (facts.consolidatedAt) throw new AppError('conflict', holderMessages.alreadyConsolidated);
  if (!facts.periodOpen) throw new AppError('conflict', holderMessages.periodClosed);
}

export const canEdit = (user: AuthUser) => user.permissions.has('holders.edit');

/** The school a holders route touches (its :sie), for the guard's scope check. */
export const schoolOf = (req: FastifyRequest) => ({ institution: (req.params as { sie: number }).sie });
