import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { enrollmentFormVersions, events, places } from '../../../db/schema/index.js';
import { eventVersionJoin } from './form-version.js';

/** What the public page shows of an event (any state: the caller hides unpublished ones); or undefined. */
export async function publicEventRow(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: events.id,
      title: events.title,
      description: events.description,
      detail: events.detail,
      startsOn: events.startsOn,
      endsOn: events.endsOn,
      duration: events.duration,
      state: events.state,
      full: sql<boolean>`${events.withLimitControl} and coalesce((select sum(s.remaining) from event_seats s
        where s.event_id = ${events.id}), 0) = 0`,
      placeName: places.description,
      definition: enrollmentFormVersions.definition,
      files: sql<
        string[]
      >`coalesce((select array_agg(f.kind) from event_files f where f.event_id = ${events.id} and f.current), '{}')`,
    })
    .from(events)
    .innerJoin(places, eq(places.id, events.placeId))
    .innerJoin(enrollmentFormVersions, eventVersionJoin)
    .where(eq(events.id, id));
  return row;
}

/** The little an enrollment needs to know of its event, in one indexed read; or undefined. */
export async function enrollableEventRow(db: Executor, id: number) {
  const [row] = await db
    .select({ state: events.state, endsOn: events.endsOn, definition: enrollmentFormVersions.definition })
    .from(events)
    .innerJoin(enrollmentFormVersions, eventVersionJoin)
    .where(eq(events.id, id));
  return row;
}
