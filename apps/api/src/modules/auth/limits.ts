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
