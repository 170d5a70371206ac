import type { SQL } from 'drizzle-orm';

// What a gatherer of the synchronisation's changes is, apart from the list of gatherers (gatherers.ts),
// which imports each area's gatherer: an area's gatherer names this type without importing that list.
export type GatherContext = { batchId: number; from: Date; to: Date };
export type ChangeGatherer = { kind: string; insert(ctx: GatherContext): SQL };
