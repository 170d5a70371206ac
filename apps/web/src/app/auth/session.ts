import type { LoginResponse, SessionUser } from '@bjp/domain';
import { useSyncExternalStore } from 'react';

/** Browser storage keys named by the specification. */
export const storageKeys = {
  token: 'token',
  user: 'User',
  type: 'type',
  userId: 'userId',
  username: 'username',
  profile: 'profile',
} as const;

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null = null;
let cachedUser: SessionUser | null = null;

function storage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return storage()?.getItem(storageKeys.token) ?? null;
}

/** The stored session user; parsed once per stored value so React sees a stable object. */
export function getSessionUser(): SessionUser | null {
  const raw = storage()?.getItem(storageKeys.user) ?? null;
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  try {
    cachedUser = raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    cachedUser = null;
  }
  return cachedUser;
}

/** Stores what login and refresh answer: the token and the user under the specification's keys. */
export function saveSession(session: Pick<LoginResponse, 'token' | 'user'>): void {
  const s = storage();
  if (!s) return;
  s.setItem(storageKeys.token, session.token);
  writeUser(s, session.user);
  notify();
}

/**
 * Replaces the stored user with the server's current one (roles, menu, place), without touching the
 * token; listeners hear of it only when something changed.
 */
export function saveSessionUser(user: SessionUser): void {
  const s = storage();
  if (!s || s.getItem(storageKeys.user) === JSON.stringify(user)) return;
  writeUser(s, user);
  notify();
}

function writeUser(s: Storage, user: SessionUser): void {
  s.setItem(storageKeys.user, JSON.stringify(user));
  s.setItem(storageKeys.type, String(user.type));
  s.setItem(storageKeys.userId, String(user.id));
  s.setItem(storageKeys.username, user.username);
  if (user.profile === null) s.removeItem(storageKeys.profile);
  else s.setItem(storageKeys.profile, String(user.profile));
}

export function saveToken(token: string): void {
  storage()?.setItem(storageKeys.token, token);
}

/**
 * Removes the session keys only. Preferences such as pinned menu items stay: the original
 * cleared the whole storage, which also threw away the user's pins and the form-builder draft.
 */
export function clearSession(): void {
  const s = storage();
  if (!s) return;
  for (const key of Object.values(storageKeys)) s.removeItem(key);
  notify();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storageKeys.user || event.key === storageKeys.token) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The logged-in user, re-rendering when the session changes (also from another tab). */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribeSession, getSessionUser, () => null);
}
