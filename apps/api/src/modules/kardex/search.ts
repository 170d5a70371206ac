import { DEFAULT_PAGE_SIZE, type KardexSearchPage, type KardexSearchQuery } from '@bjp/domain';
import { and, desc, ilike, like, or, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { inscriptions, institutions, students } from '../../db/schema/index.js';
import { schoolInPlace } from './kardex.js';

const escapeLike = (value: string) => value.replace(/[%_\\]/g, '\\$&');
const studentName = sql<string>`trim(${students.firstLastName} || ' ' || ${students.secondLastName} || ' ' || ${students.name})`;

/** A RUDE's start (codes have no spaces) or every word of the text somewhere in the name. */
function matches(q: string): SQL {
  const words = q.split(/\s+/).filter(Boolean);
  const byName = and(...words.map((w) => ilike(studentName, `%${escapeLike(w)}%`)))!;
  return words.length === 1 ? or(like(students.rude, `${escapeLike(q.toUpperCase())}%`), byName)! : byName;
}

/**
 * 'Kardex del Estudiante' search: students with an inscription in a school of the caller's place,
 * each once with its latest such inscription, by name; 10 a page with the total.
 */
export async function searchStudents(
  deps: AppDeps,
  user: AuthUser,
  query: KardexSearchQuery,
): Promise<KardexSearchPage> {
  const found = deps.db
    .selectDistinctOn([students.id], {
      rude: sql<string>`${students.rude}`.as('rude'),
      name: sql<string>`${studentName}`.as('student_name'),
      birthDate: sql<string>`${students.birthDate}`.as('birth_date'),
      year: sql<number>`${inscriptions.year}`.as('year'),
      institutionId: sql<number>`${institutions.id}`.as('institution_id'),
      institution: sql<string>`${institutions.name}`.as('institution'),
    })
    .from(students)
    .innerJoin(inscriptions, sql`${inscriptions.studentId} = ${students.id}`)
    .innerJoin(institutions, sql`${institutions.id} = ${inscriptions.institutionId}`)
    .where(and(matches(query.q), schoolInPlace(user)))
    .orderBy(students.id, desc(inscriptions.year))
    .as('found');
  const rows = await deps.db
    .select({
      rude: found.rude,
      name: found.name,
      birthDate: found.birthDate,
      year: found.year,
      institutionId: found.institutionId,
      institution: found.institution,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(found)
    .orderBy(found.name, found.rude)
    .limit(DEFAULT_PAGE_SIZE)
    .offset((query.page - 1) * DEFAULT_PAGE_SIZE);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [all] = await deps.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(found);
    total = all?.n ?? 0;
  }
  return {
    items: rows.map(({ total: _, ...r }) => ({ ...r, name: r.name.replace(/\s+/g, ' ') })),
    page: query.page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
  };
}
