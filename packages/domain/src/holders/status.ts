import { titularStatusLabels } from './messages.js';

/**
 * A student's titular status in holder registration. 'excluded' is the director's decision that the
 * student has no titular (Registrar with nothing selected); 'removed' a beneficiary removal (baja).
 */
export type TitularStatus = 'pending' | 'registered' | 'registered_elsewhere' | 'excluded' | 'removed';

export type StatusFacts = {
  institutionId: number;
  /** SIE where the active titular was registered; null when there is no active titular. */
  titularRegisteredAt: number | null;
  excluded: boolean;
  removed: boolean;
};

/** Part 2 §4: 'Pendiente' without a titular, 'Registrado', or 'Registrado en SIE: {code}' from elsewhere. */
export function titularStatus(facts: StatusFacts): TitularStatus {
  if (facts.removed) return 'removed';
  if (facts.titularRegisteredAt !== null) {
    return facts.titularRegisteredAt === facts.institutionId ? 'registered' : 'registered_elsewhere';
  }
  return facts.excluded ? 'excluded' : 'pending';
}

export function titularStatusLabel(status: TitularStatus, registeredAt: number | null): string {
  switch (status) {
    case 'registered_elsewhere':
      return titularStatusLabels.registeredElsewhere.replace('{code}', String(registeredAt ?? ''));
    case 'registered':
      return titularStatusLabels.registered;
    case 'excluded':
      return titularStatusLabels.excluded;
    case 'removed':
      return titularStatusLabels.removed;
    default:
      return titularStatusLabels.pending;
  }
}

/** Identity is validated when SEGIP confirmed the document (segip_id = 1) or SERECI matched the birth record. */
export function identityValidated(student: { segipId: number; emparejaSereci: boolean }): boolean {
  return student.segipId === 1 || student.emparejaSereci;
}

export type EditBlocker = 'consolidated' | 'period_closed' | 'identity' | 'removed' | 'read_only';

/**
 * Part 2 §4: the status button opens the titular modal only when the list is not consolidated, the
 * registration period is open and the student's identity is validated; removed students and users
 * without the edit permission get the disabled label too. Returns the first reason it is refused.
 */
export function titularEditBlocker(facts: {
  canEdit: boolean;
  consolidated: boolean;
  periodOpen: boolean;
  identityValidated: boolean;
  removed: boolean;
}): EditBlocker | null {
  if (!facts.canEdit) return 'read_only';
  if (facts.consolidated) return 'consolidated';
  if (!facts.periodOpen) return 'period_closed';
  if (facts.removed) return 'removed';
  if (!facts.identityValidated) return 'identity';
  return null;
}

/** The registration period is open on the days from starts_on to ends_on, both included, when active. */
export function periodOpen(
  period: { startsOn: string; endsOn: string; active: boolean } | null,
  today: string,
): boolean {
  return period?.active === true && period.startsOn <= today && today <= period.endsOn;
}

/** Documents are compared upper-cased and without surrounding spaces (part 2 §5). */
export function normalizeDocument(value: string): string {
  return value.trim().toUpperCase();
}
