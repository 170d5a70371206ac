import type { EventTab, PlaceCreate, PlaceListQuery } from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';
import { useSubmission } from '../../app/submission';

export const eventKeys = {
  all: ['events'] as const,
  lists: ['events', 'list'] as const,
  list: (tab: EventTab, page: number, search: string) => ['events', 'list', tab, page, search] as const,
  options: ['events', 'options'] as const,
  detail: (id: number) => ['events', 'detail', id] as const,
  history: (id: number) => ['events', 'history', id] as const,
  places: ['events', 'places'] as const,
};

/**
 * After a change to a list the event form offers from (periods, enrollment forms): refreshes those
 * lists, and the form's options.
 */
export function useRefreshOptions(...keys: ReadonlyArray<readonly unknown[]>) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([...keys, eventKeys.options].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** GET /events?tab&page&search — 10 a page, paged on the server. */
export function useEventList(tab: EventTab, page: number, search: string) {
  return useQuery({
    queryKey: eventKeys.list(tab, page, search),
    queryFn: ({ signal }) =>
      api.get('/events', { query: { tab, page, search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Active places, kinds of event and forms for 'Formulario de Registro de Eventos'. */
export function useEventOptions(enabled: boolean) {
  return useQuery({
    queryKey: eventKeys.options,
    queryFn: ({ signal }) => api.get('/events/options', { signal }),
    enabled,
    staleTime: 0,
  });
}

/** POST /events (multipart): the fields plus banner, poster and regulation. */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (form: FormData) =>
      submission.send(form, (idempotencyKey) => api.post('/events', { body: form, idempotencyKey })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.lists }),
  });
}

/** 'Enviar' (to communication) and 'Concluir'; the lists of every tab refresh afterwards. */
export function useEventTransition(action: 'send' | 'conclude' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/events/{id}/${action}`, { path: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

/** One event for 'Editar': its fields, chosen ids and current files. Always fetched fresh. */
export function useEventDetail(id: number | null) {
  return useQuery({
    queryKey: eventKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get('/events/{id}', { path: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** PUT /events/:id (multipart): every field; a file sent replaces the current one (kept as a version). */
export function useUpdateEvent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api.put('/events/{id}', { path: { id }, body: form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

export function useEventHistory(id: number | null) {
  return useQuery({
    queryKey: eventKeys.history(id ?? 0),
    queryFn: ({ signal }) => api.get('/events/{id}/history', { path: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** 'Ambientes': every place, paged and searched on the server. */
export function usePlaceList(query: PlaceListQuery) {
  return useQuery({
    queryKey: [...eventKeys.places, query],
    queryFn: ({ signal }) =>
      api.get('/events/places', { query: { ...query, search: query.search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdatePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, place }: { id: number; place: PlaceCreate }) =>
      api.put('/events/places/{id}', { path: { id }, body: place }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

export function useSetPlaceState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.post(`/events/places/{id}/${active ? 'activate' : 'deactivate'}`, { path: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

export function useCreatePlace() {
  const queryClient = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (place: PlaceCreate) =>
      submission.send(place, (idempotencyKey) => api.post('/places', { body: place, idempotencyKey })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
