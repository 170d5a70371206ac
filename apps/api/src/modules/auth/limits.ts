/**
 * Failed logins are counted per key (table login_throttle, decision 051). Past its free failures a
 * key earns a delay that doubles with each further failure, up to a cap, and is forgotten an hour
 * after its last counted attempt:
 * - the pair (username, address): a guesser at one address gets five free tries at one account,
 *   then 1, 2, 4, 8, 16 and 30 minutes between tries; nothing done elsewhere delays that user.
 * - the address: thirty failures of usernames that never logged in from it (unknown ones included),
 *   then the same doubling up to 15 minutes, for those usernames only; a username that logged in
 *   from the address in the last 90 days is held only by its own pair, so colleagues behind a
 *   shared address are never stopped by one person mistyping or by a guesser among them.
 * There is no limit per username alone: one that refuses the rightful user everywhere is the attack.
 * Guessing spread over many addresses is met by argon2id and shown to administrators instead
 * ('Accesos bloqueados', accounts under attack).
 */
export type DelayRule = {
  freeFailures: number;
  firstDelayMinutes: number;
  maxDelayMinutes: number;
  forgetMinutes: number;
};

export const throttleLimits = {
  pair: { freeFailures: 5, firstDelayMinutes: 1, maxDelayMinutes: 30, forgetMinutes: 60 },
  address: { freeFailures: 30, firstDelayMinutes: 1, maxDelayMinutes: 15, forgetMinutes: 60 },
  /** A username is known at an address for this long after it logged in from there. */
  knownAddressDays: 90,
  /** Failures in the last hour, over all addresses, that list an account as under attack. */
  underAttackFailures: 10,
} as const;

/** The wait a key has earned after this many failures, in minutes; 0 while they are free. */
export function delayMinutes(rule: DelayRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.maxDelayMinutes, rule.firstDelayMinutes * 2 ** (failures - rule.freeFailures));
}

export type LoginAttempt = { username: string; address: string; now: Date };
