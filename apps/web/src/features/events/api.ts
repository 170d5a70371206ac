import type {
  EventFormOptions,
  EventRow,
  EventStateChange,
  EventTab,
  Page,
  PlaceCreate,
  PlaceRow,
} from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';
import { useSubmission } from '../../app/submission';

export const eventKeys = {
  all: ['events'] as const,
  lists: ['events', 'list'] as const,
  list: (tab: EventTab, page: number, search: string) => ['events', 'list', tab, page, search] as const,
  options: ['events', 'options'] as const,
};

/** GET /events?tab&page&search — 10 a page, paged on the server. */
export function useEventList(tab: EventTab, page: number, search: string) {
  return useQuery({
    queryKey: eventKeys.list(tab, page, search),
    queryFn: ({ signal }) =>
      api.get<Page<EventRow>>('/events', { query: { tab, page, search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Active places, kinds of event and forms for 'Formulario de Registro de Eventos'. */
export function useEventOptions(enabled: boolean) {
  return useQuery({
    queryKey: eventKeys.options,
    queryFn: ({ signal }) => api.get<EventFormOptions>('/events/options', { signal }),
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
      submission.send(form, (idempotencyKey) => api.post<EventRow>('/events', form, { idempotencyKey })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.lists }),
  });
}

/** 'Enviar' (to communication) and 'Concluir'; the lists of every tab refresh afterwards. */
export function useEventTransition(action: 'send' | 'conclude') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<EventStateChange>(`/events/${id}/${action}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.lists }),
  });
}

export function useCreatePlace() {
  const queryClient = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (place: PlaceCreate) =>
      submission.send(place, (idempotencyKey) => api.post<PlaceRow>('/places', place, { idempotencyKey })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.options }),
  });
}
