import type { LoginResponse } from '@bjp/domain';
import { buildUrl, readBody, readError, safeFetch } from '../http';
import { clearSession, getToken, saveSession } from './session';
import { tokenNeedsRefresh } from './token';

type ExpiredHandler = () => void;
let onExpired: ExpiredHandler = () => {
  window.location.assign('/auth/login');
};

/** The router registers how to go to the login page once the session cannot be renewed. */
export function setSessionExpiredHandler(handler: ExpiredHandler): void {
  onExpired = handler;
}

/** Ends the local session and sends the user to the login page (spec §4: refresh failure). */
export function expireSession(): void {
  clearSession();
  onExpired();
}

let inFlight: Promise<boolean> | null = null;

/**
 * Renews the access token with the httpOnly refresh cookie. Concurrent callers share one call,
 * so a burst of requests near expiry sends a single refresh (the refresh token rotates).
 */
export function refreshSession(): Promise<boolean> {
  inFlight ??= doRefresh().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function doRefresh(): Promise<boolean> {
  try {
    const res = await safeFetch(buildUrl('/auth/refresh'), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (!res.ok) throw await readError(res);
    saveSession(await readBody<LoginResponse>(res));
    return true;
  } catch {
    expireSession();
    return false;
  }
}

/** Refreshes only when the stored token is about to expire (less than 60 s left). */
export async function ensureFreshToken(): Promise<void> {
  const token = getToken();
  if (token && tokenNeedsRefresh(token)) await refreshSession();
}
