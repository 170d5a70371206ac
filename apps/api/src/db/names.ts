import { eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { students } from './schema/index.js';

/** A student's last names then name, trimmed (blanks inside kept; the caller collapses them). */
export const studentName = sql<string>`trim(${students.firstLastName} || ' ' || ${students.secondLastName} || ' ' || ${students.name})`;

/** A student's last names then name, trimmed and with blanks collapsed, for lists and documents. */
export const studentFullName = sql<string>`trim(regexp_replace(${students.firstLastName} || ' ' || ${students.secondLastName} || ' ' || ${students.name}, '\\s+', ' ', 'g'))`;

/**
 * The search box of the student lists (blocked, SERECI-validated): the exact RUDE, or the text
 * anywhere in the name; undefined (no condition) when there is no search.
 */
export function rudeOrName(search: string | undefined): SQL | undefined {
  const pattern = search ? `%${search.replace(/[%_\\]/g, '\\$&')}%` : null;
  return pattern ? or(eq(students.rude, search!.toUpperCase()), ilike(studentName, pattern)) : undefined;
}

/** A person's or student's last names then name, blanks collapsed, for hand-written SQL on table alias `alias`. */
export const fullNameOf = (alias: string) =>
  sql.raw(
    `trim(regexp_replace(${alias}.first_last_name || ' ' || ${alias}.second_last_name || ' ' || ${alias}.name, '\\s+', ' ', 'g'))`,
  );

/** A titular's carnet, then '-complemento' when there is one, for hand-written SQL on table alias `alias`. */
export const carnetOf = (alias: string) =>
  sql.raw(
    `${alias}.carnet || CASE WHEN ${alias}.complemento <> '' THEN '-' || ${alias}.complemento ELSE '' END`,
  );
