import { getTableName, type SQL, sql } from 'drizzle-orm';
import { declarations, institutions } from '../../../db/schema/index.js';
import { declarationKindCode } from '../store.js';

/**
 * The outer query's school id, always qualified: in the select list of a query over institutions
 * alone drizzle prints a column unqualified ("id"), which inside this subquery would name d.id.
 */
const outerSchool = sql`${sql.identifier(getTableName(institutions))}.${sql.identifier(institutions.id.name)}`;

/**
 * When the school (the outer query's unaliased `institutions`) consolidated its holder list in a
 * closed year: the consolidated_at of its current holders declaration of that year, or null. The
 * school's holders_consolidated_at belongs to the open year (decision 040), so a closed year's
 * 'CONCLUIDO' is read from the declaration it stored that year (one current per school, kind and year).
 */
export const holdersDeclaredAt = (year: number): SQL<Date | null> =>
  sql<Date | null>`(SELECT d.consolidated_at FROM declarations d
    WHERE d.institution_id = ${outerSchool} AND d.kind = ${declarationKindCode.holders}
      AND d.year = ${year} AND d.superseded_at IS NULL)`.mapWith(declarations.consolidatedAt);
