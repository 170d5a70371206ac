import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export type TokenSettings = { secret: Uint8Array; accessSeconds: number; refreshDays: number };

export async function signAccessToken(settings: TokenSettings, userId: number, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
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

/** The user id of a valid access token, or null. */
export async function verifyAccessToken(
  settings: TokenSettings,
  token: string,
  now: Date,
): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(settings.secret), {
      issuer: 'bjp-console',
      currentDate: now,
      algorithms: ['HS256'],
    });
    const id = Number(payload.sub);
    return Number.isInteger(id) ? id : null;
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
