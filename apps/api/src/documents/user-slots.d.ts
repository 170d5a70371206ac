/**
 * How many documents each user has in the making. A user past the limit is refused at once instead
 * of queueing: one person (or one stolen read-only account) cannot fill the document workers and
 * make every other user wait.
 */
export declare class UserSlots {
    #private;
    readonly perUser: number;
    constructor(perUser: number);
    /** A slot for `key`, or null when all of theirs are taken. The release function is idempotent. */
    take(key: string): (() => void) | null;
    inUse(key: string): number;
}
