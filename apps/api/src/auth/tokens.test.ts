import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, type TokenSettings, verifyAccessToken } from './tokens.js';

const settings = (): TokenSettings => ({
  secret: new TextEncoder().encode('a-test-secret-of-at-least-32-bytes!!'),
  accessSeconds: 900,
  refreshDays: 7,
});
const sessionId = '2f1c7a52-9a3b-4c1e-8d7f-0a1b2c3d4e5f';
const at = new Date('2026-11-27T12:00:00Z');
const later = (seconds: number) => new Date(at.getTime() + seconds * 1000);

describe('access tokens (verified once, then kept until they expire)', () => {
  it('gives the same claims on the first and on later verifications of a token', async () => {
    const s = settings();
    const token = await signAccessToken(s, 42, sessionId, at);
    expect(await verifyAccessToken(s, token, at)).toEqual({ userId: 42, sessionId });
    expect(await verifyAccessToken(s, token, later(60))).toEqual({ userId: 42, sessionId });
  });

  it('refuses a kept token once it has expired, as it refuses an unseen expired one', async () => {
    const s = settings();
    const kept = await signAccessToken(s, 42, sessionId, at);
    const unseen = await signAccessToken(s, 43, sessionId, at);
    expect(await verifyAccessToken(s, kept, later(899))).not.toBeNull();
    expect(await verifyAccessToken(s, kept, later(900))).toBeNull();
    expect(await verifyAccessToken(s, unseen, later(900))).toBeNull();
  });

  it('refuses a token whose signature, secret or life is wrong, however often it is sent', async () => {
    const s = settings();
    const token = await signAccessToken(s, 42, sessionId, at);
    const [h, p, sig] = token.split('.');
    const tampered = `${h}.${p}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    const other = { ...settings(), secret: new TextEncoder().encode('another-secret-of-at-least-32-bytes') };
    const tooLong = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('42')
      .setIssuedAt(Math.floor(at.getTime() / 1000))
      .setExpirationTime(Math.floor(at.getTime() / 1000) + 86_400)
      .setIssuer('bjp-console')
      .sign(s.secret);
    for (let i = 0; i < 2; i++) {
      expect(await verifyAccessToken(s, tampered, at)).toBeNull();
      expect(await verifyAccessToken(other, token, at)).toBeNull();
      expect(await verifyAccessToken(s, tooLong, at)).toBeNull();
    }
  });

  it('gives each caller its own copy of the claims', async () => {
    const s = settings();
    const token = await signAccessToken(s, 7, sessionId, at);
    const first = await verifyAccessToken(s, token, at);
    first!.userId = 99;
    expect(await verifyAccessToken(s, token, at)).toEqual({ userId: 7, sessionId });
  });
});
