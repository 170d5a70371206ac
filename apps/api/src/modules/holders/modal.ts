import {
  type GuardianRow,
  type PersonResponse,
  type TitularModalResponse,
  titularEditBlocker,
  titularStatus,
  titularStatusLabel,
} from '@bjp/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { preparedPerConnection } from '../../db/prepared.js';
import {
  beneficiaryExclusions,
  guardians,
  persons,
  relationships,
  titularAssignments,
} from '../../db/schema/index.js';
import { canEdit, type InstitutionFacts, institutionFacts } from './context.js';
import { type InscriptionFacts, loadInscription } from './inscription.js';

type PersonRow = typeof persons.$inferSelect;

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

/** The active titular of an inscription, if any. */
export async function activeAssignment(db: Executor, inscriptionId: number) {
  const [row] = await db
    .select()
    .from(titularAssignments)
    .where(and(eq(titularAssignments.inscriptionId, inscriptionId), isNull(titularAssignments.removedAt)));
  return row ?? null;
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
    guardian: typeof guardians.$inferSelect;
    person: PersonRow;
    relationshipName: string;
  }>;
};

/**
 * One statement: the active titular, the open exclusion and the guardians (a row with null guardian
 * columns when there are none). A change reads it once under its lock and answers from it, so the
 * modal it returns costs no further round trip.
 */
const titularStateStatement = preparedPerConnection((db) => {
  const inscriptionId = sql.placeholder('inscriptionId');
  return db
    .select({
      titular: {
        id: titularAssignments.id,
        personId: titularAssignments.personId,
        relationshipId: titularAssignments.relationshipId,
        registeredInstitutionId: titularAssignments.registeredInstitutionId,
      },
      exclusionId: beneficiaryExclusions.id,
      guardian: guardians,
      person: persons,
      relationshipName: relationships.name,
    })
    .from(sql`(SELECT 1) AS one`)
    .leftJoin(
      titularAssignments,
      and(eq(titularAssignments.inscriptionId, inscriptionId), isNull(titularAssignments.removedAt)),
    )
    .leftJoin(
      beneficiaryExclusions,
      and(eq(beneficiaryExclusions.inscriptionId, inscriptionId), isNull(beneficiaryExclusions.removedAt)),
    )
    .leftJoin(guardians, and(eq(guardians.inscriptionId, inscriptionId), isNull(guardians.removedAt)))
    .leftJoin(persons, eq(persons.id, guardians.personId))
    .leftJoin(relationships, eq(relationships.id, guardians.relationshipId))
    .orderBy(asc(guardians.createdAt), asc(guardians.id))
    .prepare('holders_titular_state');
});

export async function readTitularState(db: Executor, inscriptionId: number): Promise<TitularState> {
  const rows = await titularStateStatement(db).execute({ inscriptionId });
  const first = rows[0];
  return {
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
  return buildTitularModal(user, { facts, inscription }, await readTitularState(db, inscriptionId));
}

/** The modal's content from what was read; pure, so a change can answer with the state it wrote. */
export function buildTitularModal(
  user: AuthUser,
  { facts, inscription }: { facts: InstitutionFacts; inscription: InscriptionFacts },
  { titular, exclusionId, guardians: listed }: TitularState,
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
  };
}
