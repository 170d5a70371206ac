/** Seconds before expiry at which the access token is renewed ahead of a request. */
export const REFRESH_MARGIN_SECONDS = 60;

/** Reads the `exp` claim of a JWT without verifying it (the server verifies). */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const claims = JSON.parse(atob(padded)) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : null;
  } catch {
    return null;
  }
}

/** True when the token expires within the margin (or cannot be read); `now` in milliseconds. */
export function tokenNeedsRefresh(token: string, now = Date.now()): boolean {
  const exp = tokenExpiry(token);
  if (exp === null) return true;
  return exp - now / 1000 < REFRESH_MARGIN_SECONDS;
}
