import { courseLabel, holderMessages, identityValidated, periodOpen } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { refuseClosedYear } from '../settings/index.js';
import { assertListOpen, type InstitutionFacts, institutionFacts } from './context.js';
import { inscriptionRow, lockForChangeRow } from './queries/school.js';

export type InscriptionFacts = {
  inscriptionId: number;
  rude: string;
  fullName: string;
  course: string;
  removed: boolean;
  identityValidated: boolean;
};

/**
 * A student's inscription in the given school (404 if it is another school's: the route checked
 * the scope of the school, so this keeps a director to their own students). With `lock`, the
 * inscription row is locked FOR UPDATE so two changes to one student's titulars run one at a time.
 */
export async function loadInscription(
  db: Executor,
  sie: number,
  inscriptionId: number,
  options: { lock?: boolean } = {},
): Promise<InscriptionFacts> {
  const row = await inscriptionRow(db, sie, inscriptionId, options.lock ?? false);
  if (!row) throw new AppError('not_found', holderMessages.studentNotFound);
  return {
    inscriptionId: row.inscriptionId,
    rude: row.rude,
    fullName: row.fullName.replace(/\s+/g, ' '),
    course: courseLabel(row),
    removed: row.removedAt !== null,
    identityValidated: identityValidated(row),
  };
}

/** What a change has read and locked before it writes. */
export type LockedChange = { facts: InstitutionFacts; inscription: InscriptionFacts };

/**
 * Opens a change inside the caller's transaction: checks the rules and takes the locks. Holder
 * registration uses lockForChange; adjustments after consolidation (modules/adjustments) pass
 * their own gate to the same services, which is how both areas share one set of writes.
 */
export type ChangeGate = (
  deps: AppDeps,
  tx: Executor,
  sie: number,
  inscriptionId: number,
) => Promise<LockedChange>;

/**
 * Opens a change to one student's titulars inside the caller's transaction: the school's list must
 * be open (not consolidated, period open), the student still a beneficiary with a validated
 * identity. Locks the school row for share and the inscription row for update (see context.ts).
 */
export async function lockForChange(
  deps: AppDeps,
  tx: Executor,
  sie: number,
  inscriptionId: number,
): Promise<LockedChange> {
  const row = await lockForChangeRow(tx, sie, inscriptionId);
  if (!row) {
    assertListOpen(await institutionFacts(deps, tx, sie));
    throw new AppError('not_found', holderMessages.studentNotFound);
  }
  // A closed year's student is read-only, whatever the period says (issue 18).
  refuseClosedYear(row.inscription_year, row.year);
  const period =
    row.starts_on && row.ends_on
      ? { startsOn: row.starts_on, endsOn: row.ends_on, active: row.active ?? false }
      : null;
  const facts: InstitutionFacts = {
    sie,
    codeType: Number(row.code_type),
    districtId: Number(row.district_id),
    consolidatedAt: row.consolidated_at ? new Date(row.consolidated_at) : null,
    year: Number(row.year),
    period,
    periodOpen: periodOpen(period, deps.clock.today()),
  };
  assertListOpen(facts);
  const inscription: InscriptionFacts = {
    inscriptionId,
    rude: row.rude,
    fullName: row.full_name.replace(/\s+/g, ' '),
    course: courseLabel({
      levelId: Number(row.level_id),
      gradeId: Number(row.grade_id),
      parallelId: Number(row.parallel_id),
    }),
    removed: row.removed,
    identityValidated: identityValidated({
      segipId: Number(row.segip_id),
      emparejaSereci: row.empareja_sereci,
    }),
  };
  if (inscription.removed) throw new AppError('conflict', holderMessages.studentRemoved);
  if (!inscription.identityValidated) throw new AppError('conflict', holderMessages.identityWarning);
  return { facts, inscription };
}
