import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, fillPath } from './api';

// The typed client builds the same requests the hand-written calls did: the path's parameters filled
// in (and encoded), the query left out when empty, JSON or FormData bodies, the Idempotency-Key.
type Sent = { url: string; method: string; headers: Record<string, string>; body: unknown };

describe('the API client typed by path', () => {
  const sent: Sent[] = [];

  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({
          url,
          method: String(init.method),
          headers: init.headers as Record<string, string>,
          body: init.body,
        });
        return new Response(JSON.stringify({ roles: ['Directores'] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sent.length = 0;
  });

  it('fills and encodes the path parameters', () => {
    expect(fillPath('/users/{id}/roles', { id: 7 })).toBe('/users/7/roles');
    expect(fillPath('/kardex/students/{rude}', { rude: 'A/1 2' })).toBe('/kardex/students/A%2F1%202');
    expect(() => fillPath('/users/{id}/roles', {})).toThrow();
  });

  it('sends a GET with its path and query, and answers the body', async () => {
    const answer = await api.get('/users/{id}/roles', { path: { id: 7 } });
    expect(answer.roles).toEqual(['Directores']);
    await api.get('/users', { query: { tab: 'ministry', page: 2, search: undefined } });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /api/v1/users/7/roles',
      'GET /api/v1/users?tab=ministry&page=2',
    ]);
  });

  it('sends a JSON body with the Idempotency-Key, and FormData as it is', async () => {
    await api.put('/users/{id}/roles', {
      path: { id: 3 },
      body: { roles: ['Directores'] },
      idempotencyKey: 'k-1',
    });
    const form = new FormData();
    await api.post('/events', { body: form });
    expect(sent[0]).toMatchObject({
      url: '/api/v1/users/3/roles',
      method: 'PUT',
      body: JSON.stringify({ roles: ['Directores'] }),
    });
    expect(sent[0]!.headers['Content-Type']).toBe('application/json');
    expect(sent[0]!.headers['Idempotency-Key']).toBe('k-1');
    expect(sent[1]!.body).toBe(form);
    expect(sent[1]!.headers['Content-Type']).toBeUndefined();
  });
});
