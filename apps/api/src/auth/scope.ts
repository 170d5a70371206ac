import { messages } from '@bjp/domain';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { preparedPerConnection } from '../db/prepared.js';
import { districts, institutions } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import type { AuthUser } from './access.js';

/** The place a request touches, as named by the route. */
export type Place = { institution: number } | { district: number } | { department: number };

type ResolvedPlace = { departmentId: number; districtId: number | null; institutionId: number | null };

/** Most requests staff make name a school: its place is read by a statement planned once per connection. */
const institutionPlaceStatement = preparedPerConnection((db) =>
  db
    .select({ departmentId: institutions.departmentId, districtId: institutions.districtId })
    .from(institutions)
    .where(eq(institutions.id, sql.placeholder('id')))
    .prepare('institution_place'),
);

async function resolvePlace(db: Executor, place: Place): Promise<ResolvedPlace | null> {
  if ('institution' in place) {
    const [row] = await institutionPlaceStatement(db).execute({ id: place.institution });
    return row ? { ...row, institutionId: place.institution } : null;
  }
  if ('district' in place) {
    const [row] = await db
      .select({ departmentId: districts.departmentId })
      .from(districts)
      .where(eq(districts.id, place.district));
    return row ? { departmentId: row.departmentId, districtId: place.district, institutionId: null } : null;
  }
  return place.department >= 1 && place.department <= 9
    ? { departmentId: place.department, districtId: null, institutionId: null }
    : null;
}

function covers(user: AuthUser, place: ResolvedPlace): boolean {
  const { scope } = user;
  switch (scope.kind) {
    case 'national':
      return true;
    case 'department':
      return scope.departmentId === place.departmentId;
    case 'district':
      return place.districtId !== null && scope.districtId === place.districtId;
    case 'institutions':
      return place.institutionId !== null && scope.institutionIds.includes(place.institutionId);
    default:
      return false;
  }
}

/** True when the place is the user's own: it exists and is covered without reading the database. */
function isOwnPlace(user: AuthUser, place: Place): boolean {
  const { scope } = user;
  if ('institution' in place)
    return scope.kind === 'institutions' && scope.institutionIds.includes(place.institution);
  if ('district' in place) return scope.kind === 'district' && scope.districtId === place.district;
  return scope.kind === 'department' && scope.departmentId === place.department;
}

const placeKind = (place: Place): keyof typeof messages.unknownPlace =>
  'institution' in place ? 'institution' : 'district' in place ? 'district' : 'department';

/** Refuses (404 unknown place, 403 outside the user's scope) before any data of the place is read. */
export async function assertPlaceInScope(db: Executor, user: AuthUser, place: Place): Promise<void> {
  // Most requests name the caller's own place; only the others need the place resolved.
  if (isOwnPlace(user, place)) return;
  const resolved = await resolvePlace(db, place);
  if (!resolved) throw new AppError('not_found', messages.unknownPlace[placeKind(place)]);
  if (!covers(user, resolved)) throw new AppError('out_of_scope', messages.outOfScope);
}

/**
 * A WHERE condition limiting rows to the user's scope, for lists that span places. The columns are
 * those of the queried table (or its join) holding the department, district and institution.
 */
export function scopeCondition(
  user: AuthUser,
  columns: { department: AnyPgColumn; district?: AnyPgColumn; institution?: AnyPgColumn },
): SQL | undefined {
  const { scope } = user;
  switch (scope.kind) {
    case 'national':
      return undefined;
    case 'department':
      return eq(columns.department, scope.departmentId ?? -1);
    case 'district':
      return columns.district ? eq(columns.district, scope.districtId ?? -1) : sql`false`;
    case 'institutions':
      return columns.institution && scope.institutionIds.length > 0
        ? inArray(columns.institution, scope.institutionIds)
        : sql`false`;
    default:
      return sql`false`;
  }
}
