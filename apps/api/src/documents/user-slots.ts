/**
 * How many documents each user has in the making. A user past the limit is refused at once instead
 * of queueing: one person (or one stolen read-only account) cannot fill the document workers and
 * make every other user wait.
 */
export class UserSlots {
  readonly #taken = new Map<string, number>();

  constructor(readonly perUser: number) {}

  /** A slot for `key`, or null when all of theirs are taken. The release function is idempotent. */
  take(key: string): (() => void) | null {
    const taken = this.#taken.get(key) ?? 0;
    if (taken >= this.perUser) return null;
    this.#taken.set(key, taken + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#taken.get(key) ?? 1) - 1;
      if (left > 0) this.#taken.set(key, left);
      else this.#taken.delete(key);
    };
  }

  inUse(key: string): number {
    return this.#taken.get(key) ?? 0;
  }
}
