import { isIPv6 } from 'node:net';
import type { Database, Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { type DelayRule, delayMinutes, type LoginAttempt, throttleLimits } from './limits.js';
import {
  clearExpiredThrottle,
  forgiveLoginAttemptRows,
  isKnownAddress,
  lockThrottleRow,
  type ThrottleKey,
  type ThrottleRow,
  updateThrottleRow,
} from './queries.js';

export { delayMinutes, type LoginAttempt, throttleLimits } from './limits.js';

/** What the count found, for the success to give back. */
export type CountedAttempt = LoginAttempt & { countedAtAddress: boolean };

const MINUTE = 60_000;
// A duration (so many times 24 hours before the attempt), not a calendar day: no time zone enters.
const knownSince = (now: Date) =>
  new Date(now.getTime() - throttleLimits.knownAddressDays * 24 * 60 * MINUTE);

/** The wait still to run on a counter, in milliseconds (0 when none or its window has passed). */
const waitOf = (row: ThrottleRow, now: Date) =>
  row.windowEnds > now && row.lockedUntil && row.lockedUntil > now
    ? row.lockedUntil.getTime() - now.getTime()
    : 0;

/**
 * Counts the attempt as a failure on its keys (see limits.ts), before its password is checked, or
 * refuses it with 429 and the wait when a key is still waiting; a refused attempt counts nowhere
 * (only evaluated attempts earn delays). The keys are locked for the count, on PostgreSQL shared by
 * every instance, so parallel attempts take their numbers one after another and no more than the
 * free failures are ever evaluated.
 */
export async function countLoginAttempt(db: Database, attempt: LoginAttempt): Promise<CountedAttempt> {
  const { now } = attempt;
  const known = await isKnownAddress(db, attempt, knownSince(now));
  const result = await db.transaction(async (tx): Promise<CountedAttempt | { refusedFor: number }> => {
    const keys: [ThrottleKey, DelayRule][] = [[attempt, throttleLimits.pair]];
    if (!known) keys.push([{ username: '', address: attempt.address }, throttleLimits.address]);
    const rows: ThrottleRow[] = [];
    for (const [key] of keys) rows.push(await lockThrottleRow(tx, key, now));
    const wait = Math.max(...rows.map((row) => waitOf(row, now)));
    if (wait > 0) return { refusedFor: wait };
    for (const [i, [key, rule]] of keys.entries()) {
      await updateThrottleRow(tx, key, counted(rows[i]!, rule, now));
    }
    return { ...attempt, countedAtAddress: !known };
  });
  // The refusal is thrown after the transaction, which wrote nothing.
  if ('refusedFor' in result) throw tooManyAttempts(result.refusedFor);
  return result;
}

/** The counter after one more failure: its window restarts, and past the free ones it waits. */
function counted(row: ThrottleRow, rule: DelayRule, now: Date) {
  const failures = row.windowEnds > now ? row.failures + 1 : 1;
  const delay = delayMinutes(rule, failures);
  return {
    failures,
    windowEnds: new Date(now.getTime() + rule.forgetMinutes * MINUTE),
    lockedUntil: delay > 0 ? new Date(now.getTime() + delay * MINUTE) : null,
  };
}

/** A successful login clears its pair (see forgiveLoginAttemptRows) and a few expired counters. */
export async function forgiveLoginAttempt(tx: Executor, attempt: CountedAttempt): Promise<void> {
  await forgiveLoginAttemptRows(tx, attempt, attempt.countedAtAddress);
  await clearExpiredThrottle(tx, attempt.now, knownSince(attempt.now));
}

export function tooManyAttempts(waitMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new AppError(
    'too_many_requests',
    `Demasiados intentos fallidos. Espere ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} e intente de nuevo.`,
    { retryAfterSeconds: minutes * 60 },
  );
}

/**
 * The address a client is counted under: IPv4 as is (also when mapped into IPv6), IPv6 by its /64,
 * the block one subscriber usually holds whole, so hopping between its addresses gains nothing.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const bare = ip.split('%')[0] ?? ip;
  if (!isIPv6(bare)) return ip;
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  // An embedded IPv4 tail only touches the low 64 bits, so its group count is all that matters here.
  const right = tail ? tail.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
