import type { AdjustmentHistoryQuery } from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';
import { apiPath } from '../../app/api-path';
import { useSubmission } from '../../app/submission';
import { downloadFile } from '../../ui/download';

export const adjustmentKeys = {
  school: (sie: number) => ['adjustments', sie] as const,
  state: (sie: number) => ['adjustments', sie, 'state'] as const,
  student: (sie: number, rude: string) => ['adjustments', sie, 'student', rude] as const,
  history: (query: AdjustmentHistoryQuery) => ['adjustments', 'history', query] as const,
};

export function useAdjustmentInstitution(sie: number) {
  return useQuery({
    queryKey: adjustmentKeys.state(sie),
    queryFn: ({ signal }) => api.get('/adjustments/institutions/{sie}', { path: { sie }, signal }),
  });
}

/** The RUDE/RUDEE finder: GET …/students/:rude, refreshed after every change of the school. */
export function useAdjustmentStudent(sie: number, rude: string | null) {
  return useQuery({
    queryKey: adjustmentKeys.student(sie, rude ?? ''),
    queryFn: ({ signal }) =>
      api.get('/adjustments/institutions/{sie}/students/{rude}', { path: { sie, rude: rude ?? '' }, signal }),
    enabled: rude !== null,
    retry: false,
  });
}

/** The 'Lista': the chosen course's students (the whole school without a course), 10 a page on the server. */
export function useAdjustmentStudents(sie: number, course: number | undefined, page: number) {
  return useQuery({
    queryKey: [...adjustmentKeys.school(sie), 'students', course, page],
    queryFn: ({ signal }) =>
      api.get('/adjustments/institutions/{sie}/students', { path: { sie }, query: { course, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** 'Historial Ajustes Solicitados', 10 a page, filtered on the server. */
export function useAdjustmentHistory(query: AdjustmentHistoryQuery) {
  return useQuery({
    queryKey: adjustmentKeys.history(query),
    queryFn: ({ signal }) => api.get('/adjustments/history', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReenable() {
  const client = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (rude: string) =>
      submission.send(rude, (idempotencyKey) =>
        api.post('/adjustments/reenable', { body: { rude }, idempotencyKey }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['adjustments'] }),
  });
}

/** 'Sincronizar Datos de Pago de Síntesis': the synchronisation area's payment sync (POST /sync/payments). */
export function useSyncPayments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/sync/payments'),
    // The dashboard, reports and payment lists read what the sync changed.
    onSuccess: () => client.invalidateQueries(),
  });
}

export const downloadProgress = () => downloadFile(apiPath('/adjustments/progress'), 'estadísticas.xlsx');

/** 'Estadísticas' of the adjustments' progress, prepared as a job (exports). */
export const startProgressExport = () => api.post('/exports/progress');
