import { DEFAULT_PAGE_SIZE, type PlaceCreate, type PlaceListQuery, type PlaceUpdate } from '@bjp/domain';
import { and, asc, count, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { normalizedPlaceName, places } from '../../../db/schema/index.js';

const placeColumns = {
  id: places.id,
  description: places.description,
  capacity: places.capacity,
  reference: places.reference,
  state: places.state,
};

/** A page of places (all, active or inactive; searched by name) by name then id, and how many match. */
export async function placePage(db: Executor, query: PlaceListQuery) {
  const search = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : null;
  const where: SQL | undefined = and(
    query.state === 'all' ? undefined : eq(places.state, query.state === 'active'),
    search ? ilike(places.description, search) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
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
    db.select({ n: count() }).from(places).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The active place with the same name (normalised) and reference, other than `exceptId`; or undefined. */
export async function activeTwin(db: Executor, input: PlaceCreate, exceptId?: number) {
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
  return twin;
}

/** Creates a place and returns it. */
export async function insertPlace(tx: Executor, input: PlaceCreate, createdBy: number) {
  const [row] = await tx
    .insert(places)
    .values({ ...input, createdBy })
    .returning(placeColumns);
  return row!;
}

/** A place; or undefined. */
export async function placeById(db: Executor, id: number) {
  const [row] = await db.select(placeColumns).from(places).where(eq(places.id, id));
  return row;
}

/** A place, its row locked for update; or undefined. */
export async function lockPlace(tx: Executor, id: number) {
  const [before] = await tx.select(placeColumns).from(places).where(eq(places.id, id)).for('update');
  return before;
}

/** The place's state, its row locked for update; or undefined. */
export async function lockPlaceState(tx: Executor, id: number) {
  const [before] = await tx
    .select({ state: places.state })
    .from(places)
    .where(eq(places.id, id))
    .for('update');
  return before;
}

/** Changes a place and returns it. */
export async function updatePlaceRow(tx: Executor, id: number, values: PlaceUpdate | { state: boolean }) {
  const [row] = await tx.update(places).set(values).where(eq(places.id, id)).returning(placeColumns);
  return row!;
}
