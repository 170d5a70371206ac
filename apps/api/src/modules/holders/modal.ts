import {
  type GuardianRow,
  type PersonResponse,
  type TitularModalResponse,
  titularEditBlocker,
  titularStatus,
  titularStatusLabel,
} from '@bjp/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
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
    nombre: p.name,
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
  // One statement: the active titular, whether an exclusion is open, and the guardians (a row with
  // null guardian columns when there are none).
  const rows = await db
    .select({
      titularPersonId: titularAssignments.personId,
      registeredAt: titularAssignments.registeredInstitutionId,
      excluded: sql<boolean>`EXISTS (SELECT 1 FROM ${beneficiaryExclusions} e WHERE e.inscription_id = ${inscriptionId} AND e.removed_at IS NULL)`,
      guardian: guardians,
      person: persons,
      relationshipName: relationships.name,
    })
    .from(sql`(SELECT 1) AS one`)
    .leftJoin(
      titularAssignments,
      and(eq(titularAssignments.inscriptionId, inscriptionId), isNull(titularAssignments.removedAt)),
    )
    .leftJoin(guardians, and(eq(guardians.inscriptionId, inscriptionId), isNull(guardians.removedAt)))
    .leftJoin(persons, eq(persons.id, guardians.personId))
    .leftJoin(relationships, eq(relationships.id, guardians.relationshipId))
    .orderBy(asc(guardians.createdAt), asc(guardians.id));
  const first = rows[0];
  const titular = first?.titularPersonId
    ? { personId: first.titularPersonId, registeredInstitutionId: first.registeredAt! }
    : null;
  const exclusion = first?.excluded ? true : null;
  const listed = rows.flatMap(({ guardian, person, relationshipName }) =>
    guardian && person ? [{ guardian, person, relationshipName: relationshipName ?? '' }] : [],
  );
  const status = titularStatus({
    institutionId: sie,
    titularRegisteredAt: titular?.registeredInstitutionId ?? null,
    excluded: exclusion !== null,
    removed: inscription.removed,
  });
  const guardianRows: GuardianRow[] = listed.map(({ guardian, person, relationshipName }) => ({
    guardianId: guardian.id,
    personId: person.id,
    carnet: person.carnet,
    complemento: person.complemento,
    paterno: person.firstLastName,
    materno: person.secondLastName,
    nombres: person.name,
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
      inscriptionId,
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
