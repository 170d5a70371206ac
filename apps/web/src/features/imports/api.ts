import type { ImportState, RollKind } from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

const formOf = (file: File) => {
  const form = new FormData();
  form.append('archivo', file, file.name);
  return form;
};

/** Uploads the payment file for its dry run, answered in the request (nothing is written but the stored file and its import row). */
export function useDryRun() {
  return useMutation({
    mutationFn: (file: File) => api.post('/imports/payments/dry-run', { body: formOf(file) }),
  });
}

/** Uploads a roll file; its dry run is a job, followed with useImport. */
export function useRollCheck() {
  return useMutation({
    mutationFn: ({ kind, file }: { kind: RollKind; file: File }) =>
      api.post('/imports/roll/{kind}/dry-run', { path: { kind }, body: formOf(file) }),
  });
}

export function useConfirmImport() {
  return useMutation({
    mutationFn: (id: number) => api.post('/imports/{id}/confirm', { path: { id } }),
  });
}

// 'checked': a roll file's dry-run job ended; polling resumes when 'Confirmar' refetches.
const finished = (state: ImportState) =>
  state === 'done' || state === 'failed' || state === 'checked' || state === 'expired';

/** One import, asked again every second while a job of it runs (any instance answers). */
export function useImport(id: number | null, follow: boolean) {
  return useQuery({
    queryKey: ['imports', 'one', id],
    queryFn: ({ signal }) => api.get('/imports/{id}', { path: { id: id! }, signal }),
    enabled: id !== null && follow,
    refetchInterval: (query) => (query.state.data && finished(query.state.data.state) ? false : 1_000),
  });
}

export function useImportHistory(page: number) {
  return useQuery({
    queryKey: ['imports', 'history', page],
    queryFn: ({ signal }) => api.get('/imports', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** 'Estudiantes retirados': the open year's students the last roll no longer lists, a page at a time. */
export function useWithdrawn(query: { page: number; departmentId: number | null; search: string }) {
  return useQuery({
    queryKey: ['imports', 'withdrawn', query],
    queryFn: ({ signal }) =>
      api.get('/imports/withdrawn', {
        query: { page: query.page, departmentId: query.departmentId, search: query.search || null },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
