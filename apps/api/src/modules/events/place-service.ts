import {
  DEFAULT_PAGE_SIZE,
  eventMessages,
  type PlaceCreate,
  type PlaceListQuery,
  type PlacePage,
  type PlaceRow,
  type PlaceUpdate,
} from '@bjp/domain';
import { and, asc, count, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { normalizedPlaceName, places } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { dbFailure } from '../../lib/db-error.js';
import { AppError } from '../../lib/errors.js';

const placeColumns = {
  id: places.id,
  description: places.description,
  capacity: places.capacity,
  reference: places.reference,
  state: places.state,
};

/** 'Ambientes': every place (or only active / inactive ones), searched by name, by name then id. */
export async function listPlaces(deps: AppDeps, query: PlaceListQuery): Promise<PlacePage> {
  const search = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : null;
  const where: SQL | undefined = and(
    query.state === 'all' ? undefined : eq(places.state, query.state === 'active'),
    search ? ilike(places.description, search) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        ...placeColumns,
        // Qualified by hand: in a one-table select Drizzle writes the column unqualified (it would bind to e).
        events: sql<number>`(select count(*) from events e where e.place_id = "places"."id")::int`,
      })
      .from(places)
      .where(where)
      .orderBy(asc(places.description), asc(places.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((query.page - 1) * DEFAULT_PAGE_SIZE),
    deps.db.select({ n: count() }).from(places).where(where),
  ]);
  return { items: rows, page: query.page, pageSize: DEFAULT_PAGE_SIZE, total: total?.n ?? 0 };
}

/**
 * The 409 for a place that would duplicate an active one. The unique index is the rule (two
 * concurrent creates cannot both pass); this look-up only names the place already there.
 */
async function duplicateOf(db: Executor, input: PlaceCreate, exceptId?: number): Promise<AppError | null> {
  const [twin] = await db
    .select({ description: places.description })
    .from(places)
    .where(
      and(
        eq(places.state, true),
        eq(places.reference, input.reference),
        sql`${normalizedPlaceName(places.description)} = ${normalizedPlaceName(sql`${input.description}::text`)}`,
        exceptId === undefined ? undefined : ne(places.id, exceptId),
      ),
    );
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
      const [row] = await tx
        .insert(places)
        .values({ ...input, createdBy: actor.id })
        .returning(placeColumns);
      await writeAudit(tx, {
        userId: actor.id,
        action: 'place.create',
        entity: 'place',
        entityId: row!.id,
        after: input,
        ip,
      });
      return row!;
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
      const [before] = await tx.select(placeColumns).from(places).where(eq(places.id, id)).for('update');
      if (!before) throw new AppError('not_found', eventMessages.placeNotFound);
      const [row] = await tx.update(places).set(input).where(eq(places.id, id)).returning(placeColumns);
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
      return row!;
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
  const [current] = await deps.db.select(placeColumns).from(places).where(eq(places.id, id));
  if (!current) throw new AppError('not_found', eventMessages.placeNotFound);
  const write = () =>
    deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ state: places.state })
        .from(places)
        .where(eq(places.id, id))
        .for('update');
      const [row] = await tx.update(places).set({ state }).where(eq(places.id, id)).returning(placeColumns);
      await writeAudit(tx, {
        userId: actor.id,
        action: state ? 'place.activate' : 'place.deactivate',
        entity: 'place',
        entityId: id,
        before,
        after: { state },
        ip,
      });
      return row!;
    });
  // Turning a place off can never make a duplicate; turning it on can.
  return state ? refusingDuplicates(deps, current, id, write) : write();
}
