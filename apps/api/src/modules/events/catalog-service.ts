import type { EventFormOptions, PlaceCreate, PlaceRow } from '@bjp/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app.js';
import type { AuthUser } from '../../auth/access.js';
import { enrollmentForms, periods, places } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';

/** What the event form offers: only active places, kinds of event (periods and stages) and forms (latest version). */
export async function eventFormOptions(deps: AppDeps): Promise<EventFormOptions> {
  const [placeRows, kindRows, formRows] = await Promise.all([
    deps.db
      .select({ id: places.id, name: places.description, capacity: places.capacity })
      .from(places)
      .where(eq(places.state, true))
      .orderBy(asc(places.description)),
    deps.db
      .select({ id: periods.id, name: periods.phase })
      .from(periods)
      .where(eq(periods.active, true))
      .orderBy(asc(periods.id)),
    // The latest version is the one a new event takes, so the option names it.
    deps.db
      .select({
        id: enrollmentForms.id,
        name: sql<string>`${enrollmentForms.name} || ' (versión ' || ${enrollmentForms.version} || ')'`,
      })
      .from(enrollmentForms)
      .where(eq(enrollmentForms.state, true))
      .orderBy(asc(enrollmentForms.name)),
  ]);
  return { places: placeRows, kinds: kindRows, forms: formRows };
}

/** 'Agregar ambiente': a new active place. */
export async function createPlace(
  deps: AppDeps,
  actor: AuthUser,
  input: PlaceCreate,
  ip: string,
): Promise<PlaceRow> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(places)
      .values({ ...input, createdBy: actor.id })
      .returning({
        id: places.id,
        description: places.description,
        capacity: places.capacity,
        reference: places.reference,
        state: places.state,
      });
    await writeAudit(tx, {
      userId: actor.id,
      action: 'place.create',
      entity: 'place',
      entityId: row!.id,
      after: input,
      ip,
    });
    return row!;
  });
}
