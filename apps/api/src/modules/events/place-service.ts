import {
  DEFAULT_PAGE_SIZE,
  eventMessages,
  type PlaceCreate,
  type PlaceListQuery,
  type PlacePage,
  type PlaceRow,
  type PlaceUpdate,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { writeAudit } from '../../lib/audit.js';
import { dbFailure } from '../../lib/db-error.js';
import { AppError } from '../../lib/errors.js';
import {
  activeTwin,
  insertPlace,
  lockPlace,
  lockPlaceState,
  placeById,
  placePage,
  updatePlaceRow,
} from './queries/places.js';

/** 'Ambientes': every place (or only active / inactive ones), searched by name, by name then id. */
export async function listPlaces(deps: AppDeps, query: PlaceListQuery): Promise<PlacePage> {
  const { rows, total } = await placePage(deps.db, query);
  return { items: rows, page: query.page, pageSize: DEFAULT_PAGE_SIZE, total };
}

/**
 * The 409 for a place that would duplicate an active one. The unique index is the rule (two
 * concurrent creates cannot both pass); this look-up only names the place already there.
 */
async function duplicateOf(db: Executor, input: PlaceCreate, exceptId?: number): Promise<AppError | null> {
  const twin = await activeTwin(db, input, exceptId);
  return twin ? new AppError('conflict', eventMessages.placeDuplicate(twin.description)) : null;
}

/** Runs a write that may hit the unique index; a violation becomes the Spanish 409. */
async function refusingDuplicates<T>(
  deps: AppDeps,
  input: PlaceCreate,
  exceptId: number | undefined,
  work: () => Promise<T>,
): Promise<T> {
  const known = await duplicateOf(deps.db, input, exceptId);
  if (known) throw known;
  try {
    return await work();
  } catch (error) {
    if (dbFailure(error)?.sqlstate === '23505') {
      throw (
        (await duplicateOf(deps.db, input, exceptId)) ??
        new AppError('conflict', eventMessages.placeDuplicate(input.description))
      );
    }
    throw error;
  }
}

/** 'Agregar ambiente': a new active place, refused if an active one has the same name and reference. */
export async function createPlace(
  deps: AppDeps,
  actor: AuthUser,
  input: PlaceCreate,
  ip: string,
): Promise<PlaceRow> {
  return refusingDuplicates(deps, input, undefined, () =>
    deps.db.transaction(async (tx) => {
      const row = await insertPlace(tx, input, actor.id);
      await writeAudit(tx, {
        userId: actor.id,
        action: 'place.create',
        entity: 'place',
        entityId: row.id,
        after: input,
        ip,
      });
      return row;
    }),
  );
}

/** 'Editar ambiente': name, capacity and reference; the audit row keeps the fields that changed. */
export async function updatePlace(
  deps: AppDeps,
  actor: AuthUser,
  id: number,
  input: PlaceUpdate,
  ip: string,
): Promise<PlaceRow> {
  return refusingDuplicates(deps, input, id, () =>
    deps.db.transaction(async (tx) => {
      const before = await lockPlace(tx, id);
      if (!before) throw new AppError('not_found', eventMessages.placeNotFound);
      const row = await updatePlaceRow(tx, id, input);
      const changed = (Object.keys(input) as Array<keyof PlaceUpdate>).filter((k) => before[k] !== input[k]);
      await writeAudit(tx, {
        userId: actor.id,
        action: 'place.update',
        entity: 'place',
        entityId: id,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, input[k]])),
        ip,
      });
      return row;
    }),
  );
}

/**
 * 'Desactivar' / 'Activar'. An inactive place leaves the event form's list; events that use it keep
 * it. Reactivating is refused (409) if an active place took its name and reference meanwhile.
 */
export async function setPlaceState(
  deps: AppDeps,
  actor: AuthUser,
  id: number,
  state: boolean,
  ip: string,
): Promise<PlaceRow> {
  const current = await placeById(deps.db, id);
  if (!current) throw new AppError('not_found', eventMessages.placeNotFound);
  const write = () =>
    deps.db.transaction(async (tx) => {
      const before = await lockPlaceState(tx, id);
      const row = await updatePlaceRow(tx, id, { state });
      await writeAudit(tx, {
        userId: actor.id,
        action: state ? 'place.activate' : 'place.deactivate',
        entity: 'place',
        entityId: id,
        before,
        after: { state },
        ip,
      });
      return row;
    });
  // Turning a place off can never make a duplicate; turning it on can.
  return state ? refusingDuplicates(deps, current, id, write) : write();
}
