import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

export type TokenSettings = { secret: Uint8Array; accessSeconds: number; refreshDays: number };

/** The access token of one session: `sid` names the sessions row every request checks is still live. */
export async function signAccessToken(
  settings: TokenSettings,
  userId: number,
  sessionId: string,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + settings.accessSeconds)
    .setIssuer('bjp-console')
    .sign(settings.secret);
}

// jose imports a raw secret into a WebCrypto key on every call; every request verifies a token, so
// the imported key is kept per secret.
const hmacKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'verify',
    ]);
    hmacKeys.set(secret, key);
  }
  return key;
}

export type AccessClaims = { userId: number; sessionId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_USER_ID = 2_147_483_647;

/**
 * Who a valid access token names, or null. A token without an expiry, an issue time or a session is
 * refused, and so is one claiming a longer life than this server gives (maxTokenAge): a token that
 * does not end, or cannot be ended, is never accepted. The ids are checked here so a bad one never
 * reaches the database as a value it cannot cast.
 *
 * Every request verifies its token, and WebCrypto's HMAC (jose's only way) costs more of the one
 * server thread than the rest of a small request together. A token's signature is valid or not
 * for good, so a token already verified is kept with its claims until it expires; its expiry is
 * still compared with `now` at every use, and whether its session is still live is read from the
 * database at every request (loadAuthUser), so logout and revoked access stop it at once.
 */
export async function verifyAccessToken(
  settings: TokenSettings,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
  const cache = verifiedCache(settings);
  const known = cache.get(token);
  if (known) return stillValid(known, now, settings) ? { ...known.claims } : null;
  const verified = await verifySignedToken(settings, token, now);
  if (verified) cache.set(token, verified);
  return verified ? { ...verified.claims } : null;
}

type VerifiedToken = { claims: AccessClaims; issuedAt: number; expiresAt: number };

/** jose's own checks (issuer, algorithm, required claims, maxTokenAge), repeated for a cached token. */
function stillValid(token: VerifiedToken, now: Date, settings: TokenSettings): boolean {
  const seconds = Math.floor(now.getTime() / 1000);
  return token.expiresAt > seconds && seconds - token.issuedAt <= settings.accessSeconds;
}

/** Verified tokens per secret; at most 20,000 (a few MB): the busiest hour of directors at once. */
const verifiedBySecret = new WeakMap<Uint8Array, LRUCache<string, VerifiedToken>>();
function verifiedCache(settings: TokenSettings): LRUCache<string, VerifiedToken> {
  let cache = verifiedBySecret.get(settings.secret);
  if (!cache) {
    cache = new LRUCache<string, VerifiedToken>({ max: 20_000 });
    verifiedBySecret.set(settings.secret, cache);
  }
  return cache;
}

async function verifySignedToken(
  settings: TokenSettings,
  token: string,
  now: Date,
): Promise<VerifiedToken | null> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(settings.secret), {
      issuer: 'bjp-console',
      currentDate: now,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub', 'sid'],
      maxTokenAge: settings.accessSeconds,
    });
    const userId = Number(payload.sub);
    const { sid } = payload;
    if (!Number.isInteger(userId) || userId < 1 || userId > MAX_USER_ID) return null;
    if (typeof sid !== 'string' || !UUID.test(sid)) return null;
    if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number') return null;
    if (payload.exp - payload.iat > settings.accessSeconds) return null;
    return { claims: { userId, sessionId: sid }, issuedAt: payload.iat, expiresAt: payload.exp };
  } catch {
    return null;
  }
}

export function newRefreshToken(): { id: string; token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { id: randomUUID(), token, hash: hashRefreshToken(token) };
}

/** Refresh tokens are random and long, so a fast hash is enough; only the hash is stored. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
