import type { FieldDefinition } from '@bjp/domain';

const MAX_EVENTS = 500;
const caches = new WeakMap<object, Map<number, FieldDefinition[]>>();

/**
 * The parsed dynamic fields of published events, per database handle. They cannot go stale: an
 * event keeps the form version it was created with and a saved version is never changed (an edit
 * of the form is a new version, taken only by events created afterwards). So the hot path
 * of the public enrollment needs one statement instead of two, and any number of server copies can
 * keep their own. Bounded, oldest entry out first.
 */
export function eventFieldsCache(db: object) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const entries = cache;
  return {
    get: (eventId: number) => entries.get(eventId),
    set(eventId: number, fields: FieldDefinition[]) {
      if (entries.size >= MAX_EVENTS) entries.delete(entries.keys().next().value as number);
      entries.set(eventId, fields);
    },
    /**
     * Drops an event's entry. Nothing changes an event's version today; a change would have to call
     * this and also reach the other server copies' caches (or keep the version for published events).
     */
    forget: (eventId: number) => entries.delete(eventId),
  };
}
