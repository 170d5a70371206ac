import { type TrackingPlace, trackingMessages } from '@bjp/domain';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { departmentById, districtWithDepartment, type PlaceRef } from './queries.js';

export type { PlaceRef } from './queries.js';

/**
 * The place of a user route (/seguimiento/…/user, /reports/user-…): the department or district of
 * the logged-in user's scope, never an id sent by the client. 'Usuario no válido.' otherwise.
 */
export function ownPlace(user: AuthUser, level: PlaceRef['level']): PlaceRef {
  const { scope } = user;
  if (level === 'department' && scope.kind === 'department' && scope.departmentId) {
    return { level, id: scope.departmentId };
  }
  if (level === 'district' && scope.kind === 'district' && scope.districtId)
    return { level, id: scope.districtId };
  throw new AppError('not_found', trackingMessages.invalidUser);
}

/**
 * The place's name. Scope is not checked here: every caller is a route whose guard already refused
 * places outside the user's scope (403) or unknown ones (404), or a user route whose place comes from
 * the user's own scope (ownPlace), so checking again would only repeat the same query.
 */
export async function loadPlace(db: Executor, ref: PlaceRef): Promise<TrackingPlace> {
  if (ref.level === 'department') {
    const row = await departmentById(db, ref.id);
    if (!row) throw new AppError('not_found', trackingMessages.placeNotFound);
    return {
      level: 'department',
      id: row.id,
      name: row.name,
      departmentId: row.id,
      departmentName: row.name,
    };
  }
  const row = await districtWithDepartment(db, ref.id);
  if (!row) throw new AppError('not_found', trackingMessages.placeNotFound);
  return { level: 'district', ...row };
}
