import type { ImportState } from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

/** Uploads the file for the dry run (nothing is written but the stored file and its import row). */
export function useDryRun() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('archivo', file, file.name);
      return api.post('/imports/payments/dry-run', { body: form });
    },
  });
}

export function useConfirmImport() {
  return useMutation({
    mutationFn: (id: number) => api.post('/imports/{id}/confirm', { path: { id } }),
  });
}

const finished = (state: ImportState) => state === 'done' || state === 'failed';

/** One import, asked again every second while its job runs (any instance answers). */
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
