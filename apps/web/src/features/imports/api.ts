import type { DryRunResult, ImportDetail, ImportPage } from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

/** Uploads the file for the dry run (nothing is written but the stored file and its import row). */
export function useDryRun() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('archivo', file, file.name);
      return api.post<DryRunResult>('/imports/payments/dry-run', form);
    },
  });
}

export function useConfirmImport() {
  return useMutation({
    mutationFn: (id: number) => api.post<{ id: number; jobId: string }>(`/imports/${id}/confirm`),
  });
}

const finished = (state: ImportDetail['state']) => state === 'done' || state === 'failed';

/** One import, asked again every second while its job runs (any instance answers). */
export function useImport(id: number | null, follow: boolean) {
  return useQuery({
    queryKey: ['imports', 'one', id],
    queryFn: ({ signal }) => api.get<ImportDetail>(`/imports/${id}`, { signal }),
    enabled: id !== null && follow,
    refetchInterval: (query) => (query.state.data && finished(query.state.data.state) ? false : 1_000),
  });
}

export function useImportHistory(page: number) {
  return useQuery({
    queryKey: ['imports', 'history', page],
    queryFn: ({ signal }) => api.get<ImportPage>('/imports', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}
