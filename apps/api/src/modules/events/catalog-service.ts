import type { EventFormOptions } from '@bjp/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import { enrollmentForms, periods, places } from '../../db/schema/index.js';
import { isEventStage, kindLabel } from './kinds.js';

/**
 * What the event form offers: only active places, kinds of event (stages of event periods, named
 * with their period; never the holder registration period) and forms (named with their latest
 * version, the one a new event takes).
 */
export async function eventFormOptions(deps: AppDeps): Promise<EventFormOptions> {
  const [placeRows, kindRows, formRows] = await Promise.all([
    deps.db
      .select({ id: places.id, name: places.description, capacity: places.capacity })
      .from(places)
      .where(eq(places.state, true))
      .orderBy(asc(places.description)),
    deps.db
      .select({ id: periods.id, name: kindLabel })
      .from(periods)
      .where(and(eq(periods.active, true), isEventStage))
      .orderBy(asc(periods.name), asc(periods.startsOn), asc(periods.id)),
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
