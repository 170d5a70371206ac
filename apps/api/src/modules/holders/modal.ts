import {
  type GuardianRow,
  type PersonResponse,
  type PreviousGuardians,
  type PreviousTitular,
  previousGuardianRefusal,
  previousTitularRefusal,
  type TitularModalResponse,
  titularEditBlocker,
  titularStatus,
  titularStatusLabel,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { canEdit, type InstitutionFacts, institutionFacts } from './context.js';
import { type InscriptionFacts, loadInscription } from './inscription.js';
import type { PersonRow } from './queries/persons.js';
import {
  type PreviousGuardianRow,
  type PreviousTitularRow,
  previousGuardianRows,
  previousTitularRow,
} from './queries/previous-year.js';
import { type GuardianRecord, titularStateRows } from './queries/titulars.js';

/** The one shape a person leaves the server in. */
export function toPersonResponse(p: PersonRow): PersonResponse {
  return {
    id: p.id,
    carnet: p.carnet,
    complemento: p.complemento,
    paterno: p.firstLastName,
    materno: p.secondLastName,
    name: p.name,
    birthDate: p.birthDate,
    gender: p.gender,
    foreign: p.foreign,
    verified: p.segipVerifiedAt !== null,
  };
}

/** A student's titular state as the modal reads it: the active titular, the open exclusion, the guardians. */
export type TitularState = {
  titular: {
    id: number;
    personId: number;
    relationshipId: number;
    registeredInstitutionId: number;
  } | null;
  exclusionId: number | null;
  guardians: Array<{
    guardian: GuardianRecord;
    person: PersonRow;
    relationshipName: string;
  }>;
  /** Last year's titular of the same student (issue 18), or null. */
  previous: PreviousTitularRow | null;
  /** Last year's guardians not among this year's active ones (issue 18, decision 041). */
  previousGuardians: PreviousGuardianRow[];
};

export async function readTitularState(db: Executor, inscriptionId: number): Promise<TitularState> {
  const rows = await titularStateRows(db, inscriptionId);
  const previous = (await previousTitularRow(db, inscriptionId)) ?? null;
  const previousGuardians = await previousGuardianRows(db, inscriptionId);
  const first = rows[0];
  return {
    previous,
    previousGuardians,
    titular: first?.titular ?? null,
    exclusionId: first?.exclusionId ?? null,
    guardians: rows.flatMap(({ guardian, person, relationshipName }) =>
      guardian && person ? [{ guardian, person, relationshipName: relationshipName ?? '' }] : [],
    ),
  };
}

/** Everything the titular modal shows: the student, its guardians with the selected titular, its status. */
export async function titularModal(
  deps: AppDeps,
  user: AuthUser,
  sie: number,
  inscriptionId: number,
  db: Executor = deps.db,
  /** What a change has already read and locked in its transaction, so it is not read twice. */
  known?: { facts: InstitutionFacts; inscription: InscriptionFacts },
): Promise<TitularModalResponse> {
  const facts = known?.facts ?? (await institutionFacts(deps, db, sie));
  const inscription = known?.inscription ?? (await loadInscription(db, sie, inscriptionId));
  return buildTitularModal(
    user,
    { facts, inscription },
    await readTitularState(db, inscriptionId),
    deps.clock.today(),
  );
}

/**
 * Last year's titular as the modal offers it, with the first rule of this year that refuses them
 * (the same rules as choosing any guardian), or null when there was none.
 */
export function previousTitularOf(
  previous: PreviousTitularRow | null,
  context: { codeType: number; today: string; titularPersonId: number | null },
): PreviousTitular | null {
  if (!previous) return null;
  return {
    year: Number(previous.year),
    personId: Number(previous.person_id),
    carnet: previous.carnet,
    complemento: previous.complemento,
    paterno: previous.paterno,
    materno: previous.materno,
    name: previous.name,
    relationshipId: Number(previous.relationship_id),
    relationshipName: previous.relationship_name,
    refusal: previousTitularRefusal({
      birthDate: previous.birth_date,
      verified: previous.verified,
      relationshipId: Number(previous.relationship_id),
      codeType: context.codeType,
      today: context.today,
      alreadyTitular: context.titularPersonId === Number(previous.person_id),
    }),
  };
}

/**
 * Last year's guardians as the modal offers them (decision 041), each with the first rule of this
 * year that refuses them, or null when nobody is left to offer.
 */
export function previousGuardiansOf(list: PreviousGuardianRow[], codeType: number): PreviousGuardians | null {
  const first = list[0];
  if (!first) return null;
  return {
    year: Number(first.year),
    candidates: list.map((g) => ({
      personId: Number(g.person_id),
      carnet: g.carnet,
      complemento: g.complemento,
      paterno: g.paterno,
      materno: g.materno,
      name: g.name,
      relationshipId: Number(g.relationship_id),
      relationshipName: g.relationship_name,
      refusal: previousGuardianRefusal({
        verified: g.verified,
        relationshipId: Number(g.relationship_id),
        codeType,
      }),
    })),
  };
}

/** The modal's content from what was read; pure, so a change can answer with the state it wrote. */
export function buildTitularModal(
  user: AuthUser,
  { facts, inscription }: { facts: InstitutionFacts; inscription: InscriptionFacts },
  { titular, exclusionId, guardians: listed, previous, previousGuardians }: TitularState,
  today: string,
): TitularModalResponse {
  const sie = facts.sie;
  const status = titularStatus({
    institutionId: sie,
    titularRegisteredAt: titular?.registeredInstitutionId ?? null,
    excluded: exclusionId !== null,
    removed: inscription.removed,
  });
  const guardianRows: GuardianRow[] = listed.map(({ guardian, person, relationshipName }) => ({
    guardianId: guardian.id,
    personId: person.id,
    carnet: person.carnet,
    complemento: person.complemento,
    paterno: person.firstLastName,
    materno: person.secondLastName,
    name: person.name,
    birthDate: person.birthDate,
    gender: person.gender,
    foreign: person.foreign,
    verified: person.segipVerifiedAt !== null,
    relationshipId: guardian.relationshipId,
    relationshipName,
    selected: titular?.personId === person.id,
  }));
  return {
    student: {
      inscriptionId: inscription.inscriptionId,
      rude: inscription.rude,
      fullName: inscription.fullName,
      course: inscription.course,
      identityValidated: inscription.identityValidated,
    },
    sie,
    codeType: facts.codeType,
    status,
    statusLabel: titularStatusLabel(status, titular?.registeredInstitutionId ?? null),
    editBlocker: titularEditBlocker({
      canEdit: canEdit(user),
      consolidated: facts.consolidatedAt !== null,
      periodOpen: facts.periodOpen,
      identityValidated: inscription.identityValidated,
      removed: inscription.removed,
    }),
    guardians: guardianRows,
    previousTitular: previousTitularOf(previous, {
      codeType: facts.codeType,
      today,
      titularPersonId: titular?.personId ?? null,
    }),
    previousGuardians: previousGuardiansOf(previousGuardians, facts.codeType),
  };
}
