import type { Page, RoleName, UserRow, UserTab } from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';

export type UserListParams = { tab: UserTab; page: number; search: string };
export type UserAccess = { id: number; hasAccess: boolean };

export const userKeys = {
  all: ['users'] as const,
  lists: ['users', 'list'] as const,
  list: (p: UserListParams) => ['users', 'list', p.tab, p.page, p.search] as const,
  roles: (id: number) => ['users', 'roles', id] as const,
};

/** GET /users?tab&page&search — 25 rows a page, paged and filtered on the server. */
export function useUserList(params: UserListParams) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) =>
      api.get('/users', {
        query: { tab: params.tab, page: params.page, search: params.search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * PATCH /users/:id/access. The original sent a blind toggle and its list did not refresh; here
 * the wanted state is explicit and the lists are refetched after the change.
 */
export function useSetUserAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hasAccess }: UserAccess) =>
      api.patch('/users/{id}/access', { path: { id }, body: { hasAccess } }),
    onSuccess: (result) => {
      queryClient.setQueriesData<Page<UserRow>>({ queryKey: userKeys.lists }, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((u) => (u.id === result.id ? { ...u, hasAccess: result.hasAccess } : u)),
            }
          : page,
      );
      // Not awaited: the switch shows the new state at once and stays usable while the list reloads.
      void queryClient.invalidateQueries({ queryKey: userKeys.lists });
    },
  });
}

export function useUserRoles(id: number) {
  return useQuery({
    queryKey: userKeys.roles(id),
    queryFn: ({ signal }) => api.get('/users/{id}/roles', { path: { id }, signal }),
    staleTime: 0,
  });
}

export function useSaveUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, roles }: { id: number; roles: RoleName[] }) =>
      api.put('/users/{id}/roles', { path: { id }, body: { roles } }),
    onSuccess: (_result, { id }) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.roles(id) });
      void queryClient.invalidateQueries({ queryKey: userKeys.lists });
    },
  });
}
