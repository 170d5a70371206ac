import { isIPv6 } from 'node:net';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { type LoginAttempt, throttleLimits } from './limits.js';
import { countLoginAttemptRow, forgiveLoginAttemptRows } from './queries.js';

export { type LoginAttempt, throttleLimits } from './limits.js';

/** Counts the attempt, or refuses it with 429 and the wait when a limit is already spent. */
export async function countLoginAttempt(db: Executor, attempt: LoginAttempt): Promise<void> {
  const row = await countLoginAttemptRow(db, attempt);
  if (!row) throw new Error('login_throttle count returned no row');
  const spent: number[] = [];
  if (row.pair_failures > throttleLimits.pair.failures) spent.push(row.pair_ends);
  if (row.address_failures > throttleLimits.address.failures) spent.push(row.address_ends);
  if (row.username_ends !== null && (row.username_failures ?? 0) > throttleLimits.username.failures)
    spent.push(row.username_ends);
  if (spent.length === 0) return;
  const until = Math.max(...spent);
  throw tooManyAttempts(until - attempt.now.getTime());
}

export async function forgiveLoginAttempt(tx: Executor, attempt: LoginAttempt): Promise<void> {
  await forgiveLoginAttemptRows(tx, attempt);
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
