import type { ParticipantStatus } from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api';
import { apiPath, linkFromApi } from '../../../app/api-path';
import { downloadFile } from '../../../ui/download';
import { eventKeys } from '../api';

/** The filters of the participants page, as they travel in the URL and to the API. */
export type ParticipantFilterValues = {
  q?: string;
  department?: string;
  institution?: string;
  status: ParticipantStatus;
  from?: string;
  to?: string;
};

export const participantKeys = {
  all: (eventId: number) => ['events', 'participants', eventId] as const,
  list: (eventId: number, filters: ParticipantFilterValues, page: number) =>
    ['events', 'participants', eventId, 'list', filters, page] as const,
  detail: (eventId: number, id: number) => ['events', 'participants', eventId, 'detail', id] as const,
};

/** GET /events/:id/participants — paged on the server. */
export function useParticipants(eventId: number, filters: ParticipantFilterValues, page: number) {
  return useQuery({
    queryKey: participantKeys.list(eventId, filters, page),
    queryFn: ({ signal }) =>
      api.get('/events/{id}/participants', { path: { id: eventId }, query: { ...filters, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useParticipant(eventId: number, id: number | null) {
  return useQuery({
    queryKey: participantKeys.detail(eventId, id ?? 0),
    queryFn: ({ signal }) =>
      api.get('/events/{id}/participants/{enrollmentId}', {
        path: { id: eventId, enrollmentId: id! },
        signal,
      }),
    enabled: id !== null,
  });
}

/**
 * 'Anular inscripción': the list, the detail, the event's seats above the list and the events'
 * 'Inscritos' refresh afterwards.
 */
export function useCancelParticipant(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post('/events/{id}/participants/{enrollmentId}/cancel', {
        path: { id: eventId, enrollmentId: id },
        body: {
          reason,
        },
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: participantKeys.all(eventId) }),
        queryClient.invalidateQueries({ queryKey: eventKeys.lists }),
        queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
      ]),
  });
}

/** The export with the page's filters, saved under the server's file name. */
export const exportParticipants = (
  eventId: number,
  filters: ParticipantFilterValues,
  format: 'xlsx' | 'csv',
) =>
  downloadFile(
    apiPath('/events/{id}/participants/export', { id: eventId }),
    `participantes_evento_${eventId}.${format}`,
    {
      ...filters,
      format,
    },
  );

/** A participant's file, downloaded with the session's token. */
export const downloadParticipantFile = (url: string, name: string) => downloadFile(linkFromApi(url), name);
