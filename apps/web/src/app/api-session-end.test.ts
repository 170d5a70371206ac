import { messages } from '@bjp/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, isApiError } from './api';
import { setSessionExpiredHandler } from './auth/refresh';

// The server ends a session at once (logout elsewhere, refresh-token reuse, access switched off): the
// next call answers 401 and so does the refresh. The client must then send the user to the login page.
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('a session ended on the server', () => {
  const toLogin = vi.fn();
  const calls: string[] = [];

  beforeEach(() => {
    setSessionExpiredHandler(toLogin);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return answer(401, { code: 'unauthorized', message: messages.sessionExpired });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    toLogin.mockReset();
    calls.length = 0;
  });

  it('tries one refresh, then goes to the login page with the Spanish message', async () => {
    const error = await api.get('/auth/me').catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(401);
    expect(isApiError(error) && error.message).toBe(messages.sessionExpired);
    expect(calls).toEqual(['/api/v1/auth/me', '/api/v1/auth/refresh']);
    expect(toLogin).toHaveBeenCalledTimes(1);
  });
});
