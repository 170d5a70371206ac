import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api';
import { currentUserKey } from '../query-client';
import { getSessionUser, saveSessionUser } from './session';

/** How often an open console asks again, on top of a return to the tab and a refusal (403). */
const RECHECK_MS = 5 * 60_000;

/**
 * Keeps the stored user — and so the menu, the landing page and the screens' permission checks —
 * in step with the server after an administrator changes the user's roles or place: asked when the
 * user comes back to the tab, when any call is refused with 403 (query-client.ts invalidates this
 * query), and every five minutes while the tab is visible. Before, the change reached the menu only
 * after a new login. The server decides on every request either way; this is what the menu shows.
 */
export function useSessionUserSync(): void {
  const me = useQuery({
    queryKey: currentUserKey,
    queryFn: ({ signal }) => api.get('/auth/me', { signal }),
    // What login stored is fresh: no extra request while the first screen loads.
    initialData: getSessionUser() ?? undefined,
    initialDataUpdatedAt: Date.now,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    refetchInterval: RECHECK_MS,
    refetchIntervalInBackground: false,
  });
  useEffect(() => {
    if (me.data) saveSessionUser(me.data);
  }, [me.data]);
}
