import { createHash, randomBytes } from 'node:crypto';

/** Crockford's base32: no I, L, O, U, so a code read aloud or retyped is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 16 symbols of 5 bits: 80 bits of randomness, printed as XXXX-XXXX-XXXX-XXXX. */
export const CODE_SYMBOLS = 16;

/** A new verification code: 10 random bytes (80 bits), Crockford base32, groups of four. */
export function newVerificationCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = CODE_SYMBOLS - 1; i >= 0; i--) out += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return out.match(/.{4}/g)!.join('-');
}

/**
 * The canonical form of what someone typed or scanned (upper case, without dashes or spaces, O read
 * as 0 and I/L as 1, as Crockford's decoding does), or null when it cannot be a code.
 */
export function normalizeCode(input: string): string | null {
  if (input.length > 64) return null;
  const s = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return /^[0-9A-HJKMNP-TV-Z]{16}$/.test(s) ? s : null;
}

/** What the database keeps to look a code up: the SHA-256 of its canonical form. */
export const codeHash = (canonical: string): string => createHash('sha256').update(canonical).digest('hex');

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
