import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

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
 */
export async function verifyAccessToken(
  settings: TokenSettings,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
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
    if (typeof payload.exp !== 'number' || payload.exp - (payload.iat ?? 0) > settings.accessSeconds)
      return null;
    return { userId, sessionId: sid };
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
