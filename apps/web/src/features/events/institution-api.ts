import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';
import { useSubmission } from '../../app/submission';

export type EnrollmentTarget = { stageId: number; sie: number };

export function useStages(enabled: boolean) {
  return useQuery({
    queryKey: ['institution-enrollment', 'stages'],
    queryFn: ({ signal }) => api.get('/institution-enrollment/stages', { signal }),
    enabled,
  });
}

export function usePlaces(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['institution-enrollment', 'places', search],
    queryFn: ({ signal }) =>
      api.get('/institution-enrollment/places', { query: { search: search || undefined }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useGrades(enabled: boolean) {
  return useQuery({
    queryKey: ['institution-enrollment', 'grades'],
    queryFn: ({ signal }) => api.get('/institution-enrollment/grades', { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useStudents(sie: number | null, page: number, grade: number | null, search: string) {
  return useQuery({
    queryKey: ['institution-enrollment', 'students', sie, page, grade, search],
    queryFn: ({ signal }) =>
      api.get('/institution-enrollment/institutions/{sie}/students', {
        path: { sie: sie! },
        query: { page, grade: grade ?? undefined, search: search || undefined },
        signal,
      }),
    enabled: sie !== null,
    placeholderData: keepPreviousData,
  });
}

const statusKey = (t: EnrollmentTarget | null) =>
  ['institution-enrollment', 'status', t?.stageId, t?.sie] as const;

export function useEnrollmentStatus(target: EnrollmentTarget | null) {
  return useQuery({
    queryKey: statusKey(target),
    queryFn: ({ signal }) =>
      api.get('/institution-enrollment/stages/{stageId}/institutions/{sie}', {
        path: { stageId: target!.stageId, sie: target!.sie },
        signal,
      }),
    enabled: target !== null,
  });
}

/** Guardar (PUT participants) or Inscribir (POST close: save, then close for good). */
export function useSaveParticipants(action: 'save' | 'close') {
  const queryClient = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: ({ target, ids }: { target: EnrollmentTarget; ids: number[] }) => {
      const path = { stageId: target.stageId, sie: target.sie };
      const body = { inscriptionIds: ids };
      return action === 'close'
        ? submission.send([target.stageId, target.sie, ids], (idempotencyKey) =>
            api.post('/institution-enrollment/stages/{stageId}/institutions/{sie}/close', {
              path,
              body,
              idempotencyKey,
            }),
          )
        : api.put('/institution-enrollment/stages/{stageId}/institutions/{sie}/participants', { path, body });
    },
    onSuccess: (status, { target }) => queryClient.setQueryData(statusKey(target), status),
  });
}
