import { useRef } from 'react';

/** A random UUID v4; crypto.randomUUID exists only on https and localhost, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What "the same values" means: JSON for plain values; a FormData by its fields and files' name/size/date. */
function fingerprint(values: unknown): string {
  if (typeof FormData !== 'undefined' && values instanceof FormData) {
    const entries: unknown[] = [];
    values.forEach((value, name) => {
      entries.push(
        typeof value === 'string' ? [name, value] : [name, value.name, value.size, value.lastModified],
      );
    });
    return JSON.stringify(entries);
  }
  return JSON.stringify(values ?? null);
}

/** How long after a success the very same values are still that submission (a late second click). */
export const REPLAY_WINDOW_MS = 10_000;

/**
 * The Idempotency-Key of one form's submissions (decision 018): the same key while the values stay
 * the same and until a request succeeds, so a double click or a retry after a lost answer is one record
 * on the server; changed values start a new key. A failure keeps it (the server released it). A
 * success keeps it only for the same values and only for REPLAY_WINDOW_MS: a second click whose
 * submit ran after a fast answer (the button is disabled a frame later) is replayed by the server
 * instead of being refused as a duplicate ('El documento ya está inscrito…' shown to someone who
 * was enrolled); the same values sent later are a new submission.
 */
export class SubmissionKey {
  private key: string | null = null;
  private values = '';
  private succeededAt: number | null = null;

  constructor(
    private readonly generate: () => string = newIdempotencyKey,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key to send with these values. */
  keyFor(values: unknown): string {
    const current = fingerprint(values);
    const expired = this.succeededAt !== null && this.now() - this.succeededAt > REPLAY_WINDOW_MS;
    if (this.key === null || current !== this.values || expired) {
      this.key = this.generate();
      this.values = current;
      this.succeededAt = null;
    }
    return this.key;
  }

  /** The submission made its record: only the same values, sent at once, are it again. */
  succeeded(key: string): void {
    if (this.key === key) this.succeededAt = this.now();
  }

  /** Sends `values` through `run` with their key, renewing the key once it succeeded. */
  async send<T>(values: unknown, run: (idempotencyKey: string) => Promise<T>): Promise<T> {
    const key = this.keyFor(values);
    const result = await run(key);
    this.succeeded(key);
    return result;
  }
}

/**
 * One SubmissionKey for the life of the component (the form or modal): use it in a mutation's
 * mutationFn, `(v) => submission.send(v, (idempotencyKey) => api.post(url, v, { idempotencyKey }))`,
 * and give the submit button the mutation's isPending as `loading`, so it is disabled while in flight.
 */
export function useSubmission(): SubmissionKey {
  const ref = useRef<SubmissionKey | null>(null);
  ref.current ??= new SubmissionKey();
  return ref.current;
}
