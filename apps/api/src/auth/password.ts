import { hash, verify } from '@node-rs/argon2';

// OWASP minimum for argon2id: 19 MiB, 2 iterations, 1 lane (~15–25 ms a hash on this machine).
const argonOptions = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashing is CPU-bound; capping how many run at once keeps a login burst from starving other requests. */
const MAX_CONCURRENT_HASHES = 4;
let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return withHashSlot(() => hash(password, argonOptions));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return withHashSlot(() => verify(passwordHash, password).catch(() => false));
}

/** A valid hash of a random secret, verified when the user does not exist so timing does not tell. */
export const decoyHash = hash(crypto.randomUUID(), argonOptions);
