/** What the roll file's checks share (check.ts reads a file with check-places.ts or check-students.ts). */
import type { Readable } from 'node:stream';
import type { RollKind, RowError } from '@bjp/domain';
import type { Executor } from '../../../db/client.js';
import type { FileFormat, TextEncoding } from '../reader.js';

/** Rows per statement: big enough for few round trips, small enough for a flat memory. */
export const BATCH = 5_000;
/** Rows read and validated between two turns of the event loop (the check runs in a job, but shares the process). */
export const YIELD_EVERY = 1_000;

/** A roll file to check: where, of which kind and for which import, and what to tell of it. */
export type RollCheck = {
  db: Executor;
  kind: RollKind;
  importId: number;
  year: number;
  /** The file's bytes (hashed by the caller on the way), its format and a CSV's encoding. */
  file: { bytes: Readable; format: FileFormat; encoding: TextEncoding };
  onError: (error: RowError) => void | Promise<void>;
  /**
   * The confirmation: districts and institutions are written as they are read; the roll's students
   * are staged and not counted (the merge counts them against the database as it is then).
   */
  write?: boolean;
  onProgress?: (rowsRead: number) => Promise<void>;
};
