import { isIPv6 } from 'node:net';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { namedStatement } from '../../db/prepared.js';
import { AppError } from '../../lib/errors.js';

/**
 * Failed logins are counted per key in fixed windows (table login_throttle). A guesser at one address
 * gets the pair limit for one username; the slower username limit caps a guesser spread over many
 * addresses, and is high enough that a single address cannot lock the rightful user out of every
 * other one; the address limit stops one address trying many accounts.
 */
export const throttleLimits = {
  pair: { failures: 5, minutes: 15 },
  username: { failures: 50, minutes: 60 },
  address: { failures: 30, minutes: 15 },
} as const;

export type LoginAttempt = { username: string; address: string; now: Date };

const p = (name: string) => sql.placeholder(name);

/**
 * The counter of one key, incremented, or started anew when its window has passed. `after` names
 * the counters it reads: that makes it wait for them, so every attempt locks its rows in one order
 * (pair, address, username) and two attempts never wait on each other in a circle.
 */
const increment = (key: { username: SQL; address: SQL }, minutes: number, after: SQL, when: SQL) => sql`
  INSERT INTO login_throttle AS t (username, address, failures, window_ends)
  SELECT ${key.username}, ${key.address}, 1, ${p('now')}::timestamptz + ${sql.raw(`interval '${minutes} minutes'`)}
  FROM ${after} WHERE ${when}
  ON CONFLICT (username, address) DO UPDATE SET
    failures = CASE WHEN t.window_ends <= ${p('now')}::timestamptz THEN 1 ELSE t.failures + 1 END,
    window_ends = CASE WHEN t.window_ends <= ${p('now')}::timestamptz THEN excluded.window_ends ELSE t.window_ends END
  RETURNING failures, window_ends`;

/** When a counter's window ends, in epoch milliseconds (a plain number for either driver). */
const endsMs = (cte: SQL) => sql`(extract(epoch FROM ${cte}.window_ends) * 1000)::float8`;

const username = sql`${p('username')}::text`;
const address = sql`${p('address')}::text`;
const limit = (n: number) => sql.raw(String(n));

/**
 * Every attempt counts itself as a failure in one statement, before its password is checked: row
 * locks make parallel attempts take their numbers one after another, so no more than the limit are
 * ever evaluated. The username counter only counts while the other two are within their limits, so
 * an address already refused cannot spend the username's allowance for everybody else.
 */
const countStatement = namedStatement<{
  pair_failures: number;
  pair_ends: number;
  address_failures: number;
  address_ends: number;
  username_failures: number | null;
  username_ends: number | null;
}>(
  'auth_count_login_attempt',
  sql`
    WITH pair AS (${increment({ username, address }, throttleLimits.pair.minutes, sql`(SELECT 1) AS first`, sql`true`)}
    ), by_address AS (${increment(
      { username: sql`''`, address },
      throttleLimits.address.minutes,
      sql`(SELECT count(*) FROM pair) AS after_pair`,
      sql`true`,
    )}
    ), by_username AS (${increment(
      { username, address: sql`''` },
      throttleLimits.username.minutes,
      sql`pair, by_address`,
      sql`pair.failures <= ${limit(throttleLimits.pair.failures)}
        AND by_address.failures <= ${limit(throttleLimits.address.failures)}`,
    )}
    )
    SELECT pair.failures AS pair_failures, ${endsMs(sql`pair`)} AS pair_ends,
      by_address.failures AS address_failures, ${endsMs(sql`by_address`)} AS address_ends,
      by_username.failures AS username_failures, ${endsMs(sql`by_username`)} AS username_ends
    FROM pair CROSS JOIN by_address LEFT JOIN by_username ON true`,
);

/** Counts the attempt, or refuses it with 429 and the wait when a limit is already spent. */
export async function countLoginAttempt(db: Executor, attempt: LoginAttempt): Promise<void> {
  const [row] = await countStatement(db, { ...attempt, now: attempt.now.toISOString() });
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

/**
 * A successful login was not a failure: its pair starts again from zero, and the username and address
 * counters give back the one it took. Expired counters are cleared here a few at a time (a window
 * that has passed counts for nothing anyway), skipping rows another login holds.
 */
const forgiveStatement = namedStatement<{ forgiven: number }>(
  'auth_forgive_login_attempt',
  sql`
    WITH locked AS MATERIALIZED (
      -- Locked in the order the count takes them (pair, address, username), so a success and a
      -- parallel attempt never wait on each other in a circle.
      SELECT username, address FROM login_throttle
      WHERE (username = ${username} AND address IN (${address}, ''))
        OR (username = '' AND address = ${address})
      ORDER BY CASE WHEN username = '' THEN 1 WHEN address = '' THEN 2 ELSE 0 END
      FOR UPDATE
    ), forgiven AS (
      UPDATE login_throttle AS t SET failures = CASE
        WHEN t.username = '' OR t.address = '' THEN greatest(t.failures - 1, 0) ELSE 0 END
      FROM locked WHERE t.username = locked.username AND t.address = locked.address
      RETURNING 1
    ), expired AS (
      -- Only after this login's own rows are held, and never waiting, so it adds no lock cycle.
      DELETE FROM login_throttle WHERE ctid IN (
        SELECT old.ctid FROM login_throttle AS old, (SELECT count(*) FROM forgiven) AS after_forgiven
        WHERE old.window_ends <= ${p('now')}::timestamptz
        LIMIT 100 FOR UPDATE OF old SKIP LOCKED)
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM forgiven)::int AS forgiven, (SELECT count(*) FROM expired)::int AS expired`,
);

export async function forgiveLoginAttempt(tx: Executor, attempt: LoginAttempt): Promise<void> {
  await forgiveStatement(tx, { ...attempt, now: attempt.now.toISOString() });
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
