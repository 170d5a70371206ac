import type { LoginRequest } from '@bjp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../app/api';
import { clearSession, saveSession } from '../../app/auth/session';

export type LoginInput = { username: string; password: string; type: '1' | '2' };

/** POST /auth/login → token, user; the refresh token arrives as an httpOnly cookie. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      api.post('/auth/login', {
        body: {
          username: input.username.trim(),
          password: input.password,
          type: input.type === '1' ? 1 : 2,
        } satisfies LoginRequest,
        auth: false,
      }),
    onSuccess: (session) => {
      // Nothing cached for a previous session may show to this user; the public config stays.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
      saveSession(session);
    },
  });
}

/** Revokes the refresh token on the server, then forgets the session here whatever the answer. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    // The refresh cookie identifies the session; no token renewal just to end it.
    mutationFn: () => api.post('/auth/logout', { auth: false }),
    onSettled: () => {
      clearSession();
      queryClient.clear();
      navigate('/auth/login', { replace: true });
    },
  });
}
