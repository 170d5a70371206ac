import {
  BUCKET_SIZE,
  ENCODED_BASE,
  identitySql,
  registrySurnames,
} from '../../integrations/segip/identity.js';
import type { Executor } from '../client.js';
import { rows } from '../rows.js';
import { run } from './sql.js';
import { sqlRandom, textArray } from './sql-random.js';
import type { StudentContext } from './student-views.js';

/**
 * What holder registration shows in the demo, added after the titulars and their guardians:
 * - a second candidate adult (the other parent) for about a third of the families whose titular is
 *   the mother or the father, in schools whose list is still open, so the modal's switch has a choice;
 * - one candidate (the mother) for about a quarter of the pending students with a validated identity;
 * - a few students of open schools saved without titular ('No beneficiario');
 * - teachers and directors already confirmed in the titular validation list of consolidated schools;
 * - every person renumbered and named from the SEGIP registry function, so the SEGIP simulator
 *   knows them all (integrations/segip/identity.ts): the document number keeps the first surname
 *   and the gender the generator chose, everything else comes from the registry.
 * Runs inside the bulk load, before keys and indexes are put back.
 */
export async function loadHolderDemo(tx: Executor, ctx: StudentContext): Promise<void> {
  const r = sqlRandom(ctx.seed);
  const verifiedAt = `TIMESTAMPTZ '${ctx.timeline.registrationFrom} 09:00:00-04'`;
  const [{ base }] = await rows<{ base: number }>(
    tx,
    'SELECT coalesce(max(id), 0)::int AS base FROM persons',
  );
  const openSchool = 'JOIN institutions i ON i.id = n.institution_id AND i.holders_consolidated_at IS NULL';

  // The other parent of a family whose titular is its mother or father: one person per family.
  await run(
    tx,
    `CREATE TEMP TABLE seed_other_parents ON COMMIT DROP AS
     SELECT t.inscription_id, ${base} + t.person_id AS person_id, CASE t.relationship_id WHEN 1 THEN 2 ELSE 1 END AS relationship_id,
       CASE t.relationship_id WHEN 1 THEN s.first_last_name ELSE s.second_last_name END AS paterno
     FROM titular_assignments t
     JOIN inscriptions n ON n.id = t.inscription_id ${openSchool}
     JOIN students s ON s.id = t.person_id
     WHERE t.holder_type_id = 1 AND t.relationship_id IN (1, 2) AND ${r.below('t.person_id', 80, 100)} < 35`,
  );
  await run(
    tx,
    `INSERT INTO persons (id, carnet, first_last_name, name, birth_date, gender)
     SELECT DISTINCT ON (o.person_id) o.person_id, o.person_id::text AS carnet, o.paterno, '', DATE '1980-01-01',
       3 - o.relationship_id
     FROM seed_other_parents o ORDER BY o.person_id`,
  );
  await run(
    tx,
    `INSERT INTO guardians (inscription_id, person_id, relationship_id, created_at)
     SELECT inscription_id, person_id, relationship_id, ${verifiedAt} FROM seed_other_parents`,
  );

  // A pending student's mother, already on the list but not yet chosen.
  const pending = `NOT EXISTS (SELECT 1 FROM titular_assignments t WHERE t.inscription_id = n.id)
    AND (s.segip_id = 1 OR s.empareja_sereci)`;
  const candidateBase = base + ctx.studentCount + 1;
  await run(
    tx,
    `INSERT INTO persons (id, carnet, first_last_name, name, birth_date, gender)
     SELECT ${candidateBase} + n.id, (${candidateBase} + n.id)::text,
       coalesce(nullif(s.second_last_name, ''), s.first_last_name), '', DATE '1980-01-01', 2
     FROM inscriptions n ${openSchool} JOIN students s ON s.id = n.student_id
     WHERE ${pending} AND ${r.below('n.id', 81, 100)} < 25`,
  );
  await run(
    tx,
    `INSERT INTO guardians (inscription_id, person_id, relationship_id, created_at)
     SELECT n.id, ${candidateBase} + n.id, 1, ${verifiedAt}
     FROM inscriptions n ${openSchool} JOIN students s ON s.id = n.student_id
     WHERE ${pending} AND ${r.below('n.id', 81, 100)} < 25`,
  );
  await run(
    tx,
    `INSERT INTO beneficiary_exclusions (inscription_id, institution_id, created_at)
     SELECT n.id, n.institution_id, ${verifiedAt} + INTERVAL '2 days'
     FROM inscriptions n ${openSchool} JOIN students s ON s.id = n.student_id
     WHERE ${pending} AND ${r.below('n.id', 81, 100)} >= 25 AND ${r.below('n.id', 82, 100)} < 2`,
  );
  await run(
    tx,
    `UPDATE titular_assignments t SET validated_at = t.created_at + INTERVAL '1 day'
     FROM inscriptions n JOIN institutions i ON i.id = n.institution_id AND i.holders_consolidated_at IS NOT NULL
     WHERE n.id = t.inscription_id AND t.holder_type_id > 1`,
  );
  await alignWithSegip(tx, verifiedAt);
}

/** Renumbers every person into the registry's encoded range and takes the registry's data. */
async function alignWithSegip(tx: Executor, verifiedAt: string): Promise<void> {
  const surnames = textArray(registrySurnames);
  const last = registrySurnames.length;
  // Bucket: the first surname's place in the registry's list ('' for any other) and the gender.
  await run(
    tx,
    `CREATE TEMP TABLE seed_person_documents ON COMMIT DROP AS
     SELECT id, bucket, gender, row_number() OVER (PARTITION BY bucket, gender ORDER BY id) - 1 AS seq
     FROM (SELECT id, gender, coalesce(array_position(${surnames}, first_last_name), ${last}) AS bucket FROM persons) p`,
  );
  const [{ fullest }] = await rows<{ fullest: number }>(
    tx,
    'SELECT coalesce(max(seq), 0)::int AS fullest FROM seed_person_documents',
  );
  if (fullest >= BUCKET_SIZE)
    throw new Error(`${fullest} persons share a surname and gender: the registry holds ${BUCKET_SIZE}`);
  const carnet = `(${ENCODED_BASE} + ((d.bucket - 1) * 2 + d.gender - 1) * ${BUCKET_SIZE} + d.seq)::text`;
  const id = identitySql(carnet, 'p.complemento');
  // Updated in a copy, then written back into an emptied table: updating persons in place leaves
  // HOT chains, and an index built over them (the primary key, put back later in the same
  // transaction) is invisible to that transaction (pg_index.indcheckxmin). Every foreign-key check
  // against persons in the later demo steps then scanned 1.5 M rows: minutes at national scale.
  await run(tx, 'CREATE TEMP TABLE seed_persons_aligned ON COMMIT DROP AS SELECT * FROM persons');
  await run(
    tx,
    `UPDATE seed_persons_aligned p SET carnet = ${carnet}, first_last_name = ${id.paterno},
       second_last_name = ${id.materno}, name = ${id.name}, birth_date = ${id.birthDate}, gender = ${id.gender},
       segip_verified_at = CASE WHEN ${id.known} THEN coalesce(p.segip_verified_at, ${verifiedAt}) END
     FROM seed_person_documents d WHERE d.id = p.id`,
  );
  await run(tx, 'TRUNCATE persons');
  await run(tx, 'INSERT INTO persons SELECT * FROM seed_persons_aligned');
}
