import type { Executor } from '../client.js';
import { adultFemaleNames, adultMaleNames } from './names.js';
import { columnExists, run } from './sql.js';
import { sqlRandom } from './sql-random.js';
import { givenNamesSql, type StudentContext, surnameSql } from './student-views.js';
import { daysBetween } from './timeline.js';

const adultNames = { male: adultMaleNames, female: adultFemaleNames };

/**
 * Titular persons and assignments. A family's titular is one person keyed on the elder sibling's id,
 * so siblings share their mother or father; teachers and directors are one person per course or
 * school. Identity documents are a bijection of the person id (7 digits), so (carnet, complemento)
 * is unique without checking.
 */
export async function loadTitulars(tx: Executor, ctx: StudentContext): Promise<void> {
  const r = sqlRandom(ctx.seed);
  const { timeline } = ctx;
  const verifiedSeconds =
    Math.max(1, daysBetween(timeline.registrationFrom, timeline.consolidationTo)) * 86_400;
  const documentColumns = (id: string) => `(1000000 + (${id}::int8 * 7919) % 9000000)::text,
    CASE WHEN ${r.below(id, 63, 100)} < 4 THEN (1 + ${r.below(id, 64, 2)})::text || chr(65 + ${r.below(id, 58, 26)}) ELSE '' END`;
  const foreign = (id: string) => `${r.below(id, 59, 1000)} < 5`;
  const verifiedAt = (id: string) =>
    `CASE WHEN ${foreign(id)} THEN NULL ELSE TIMESTAMPTZ '${timeline.registrationFrom} 08:00:00-04'
      + ${r.below(id, 60, verifiedSeconds)} * INTERVAL '1 second' END`;
  const columns = `id, carnet, complemento, first_last_name, second_last_name, name, birth_date, gender, "foreign", segip_verified_at`;

  // Mothers carry the student's second surname as their first, fathers the first; siblings both.
  const gender = `CASE t.relationship_id WHEN 1 THEN 2 WHEN 2 THEN 1 WHEN 12 THEN 2 ELSE 1 + ${r.below('t.family', 50, 2)} END`;
  const age = `CASE t.relationship_id WHEN 3 THEN 55 + ${r.below('t.family', 61, 20)}
    WHEN 4 THEN 18 + ${r.below('t.family', 61, 12)} ELSE 24 + ${r.below('t.family', 61, 26)} END`;
  await run(
    tx,
    `INSERT INTO persons (${columns})
     SELECT t.family, ${documentColumns('t.family')},
       CASE t.relationship_id
         WHEN 1 THEN coalesce(nullif(t.second_last_name, ''), ${surnameSql(r, 't.andean', 't.family', 52)})
         WHEN 2 THEN coalesce(nullif(t.first_last_name, ''), ${surnameSql(r, 't.andean', 't.family', 53)})
         WHEN 4 THEN t.first_last_name
         ELSE ${surnameSql(r, 't.andean', 't.family', 52)} END,
       CASE t.relationship_id WHEN 4 THEN t.second_last_name ELSE ${surnameSql(r, 't.andean', 't.family', 54)} END,
       ${givenNamesSql(r, 't.family', `(${gender}) = 1`, 55, adultNames)},
       make_date(${ctx.year} - (${age}), 1, 1) + ${r.below('t.family', 62, 365)},
       ${gender}, ${foreign('t.family')}, ${verifiedAt('t.family')}
     FROM (SELECT family, relationship_id, andean, first_last_name, second_last_name FROM seed_titulars
           WHERE id = family AND has_titular AND holder_type_id = 1 OFFSET 0) t`,
  );

  // Schools confirm their titulars ('Validar Estudiantes') before consolidating; open schools are
  // part-way through. Filled when the holders area's validated_at column exists.
  const validated = (await columnExists(tx, 'titular_assignments', 'validated_at'))
    ? {
        column: ', validated_at',
        value: `, CASE WHEN consolidated OR ${r.below('id', 65, 100)} < 40 THEN date_trunc('second', registered_at
            + (coalesce(consolidated_at, TIMESTAMPTZ '${timeline.consolidationTo} 20:00:00-04') - registered_at)
            * (${r.below('id', 66, 1000)} / 1e3)) END`,
      }
    : { column: '', value: '' };
  await run(
    tx,
    `INSERT INTO titular_assignments (inscription_id, person_id, relationship_id, holder_type_id,
       registered_institution_id, created_at${validated.column})
     SELECT id, person_id, relationship_id, holder_type_id, registered_institution_id,
       CASE WHEN paid THEN least(registered_at, (paid_on::text || ' 08:00:00-04')::timestamptz - INTERVAL '1 day')
         ELSE registered_at END${validated.value}
     FROM seed_titulars WHERE has_titular ORDER BY id`,
  );

  const staffGender = `(1 + ${r.below('p.person_id', 70, 2)})`;
  await run(
    tx,
    `INSERT INTO persons (${columns})
     SELECT p.person_id, ${documentColumns('p.person_id')},
       ${surnameSql(r, 'p.andean', 'p.person_id', 71)}, ${surnameSql(r, 'p.andean', 'p.person_id', 72)},
       ${givenNamesSql(r, 'p.person_id', `${staffGender} = 1`, 73, adultNames)},
       make_date(${ctx.year} - 28 - ${r.below('p.person_id', 76, 32)}, 1, 1) + ${r.below('p.person_id', 77, 365)},
       ${staffGender}, false, ${verifiedAt('p.person_id')}
     FROM (SELECT DISTINCT ON (t.person_id) t.person_id, i.andean
           FROM titular_assignments t JOIN seed_institutions i ON i.id = t.registered_institution_id
           WHERE t.holder_type_id > 1 ORDER BY t.person_id) p`,
  );
}
