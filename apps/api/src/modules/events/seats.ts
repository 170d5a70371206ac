/** Shards of an event's free places: up to 16, so up to 16 enrollments of one event commit at once. */
export const MAX_SEAT_SHARDS = 16;

/**
 * The free places per shard for an event with `maximum` places of which `taken` are used: the
 * number of shards depends on the maximum only, the free places are spread as evenly as possible.
 * The migration 0008 applies the same rule in SQL to events that existed before.
 */
export function seatShards(maximum: number, taken = 0): number[] {
  const shards = Math.min(MAX_SEAT_SHARDS, Math.max(1, maximum));
  const free = Math.max(0, maximum - taken);
  return Array.from({ length: shards }, (_, i) => Math.floor(free / shards) + (i < free % shards ? 1 : 0));
}
