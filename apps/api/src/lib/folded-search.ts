import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Accent- and case-insensitive "contains" for search boxes, the same on PGlite and PostgreSQL.
 * Not the `unaccent` extension: PGlite ships it only as a separately loaded module and production
 * would need CREATE EXTENSION rights; translate() over the accented letters of Spanish (and the
 * Latin-1 ones names borrow) needs neither. The letters are mapped before lower(), because lower()
 * under the C collation leaves 'É' as it is. Both the column and the typed words go through the same
 * expression, so what one folds the other folds too.
 */
const accented = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç';
const plain = 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc';

export function folded(value: SQL | AnyColumn | string): SQL {
  return sql`lower(translate(${value}, ${accented}, ${plain}))`;
}

/** `value` contains `term`, ignoring accents and case; LIKE's wildcards in `term` are taken literally. */
export function containsFolded(value: SQL | AnyColumn, term: string): SQL {
  const pattern = `%${term.replace(/[%_\\]/g, '\\$&')}%`;
  return sql`${folded(value)} LIKE ${folded(pattern)}`;
}
