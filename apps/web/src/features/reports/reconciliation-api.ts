import type { ReconciliationLevel, ReconciliationState } from '@bjp/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { apiPath } from '../../app/api-path';

/** The place of the reconciliation: the country, or a department, district or school by its code. */
export type ReconciliationTarget =
  | { level: 'national' }
  | { level: Exclude<ReconciliationLevel, 'national'>; id: number };

/** The reconciliation's document (PDF or spreadsheet by ?format=). */
export function reconciliationDocumentPath(target: ReconciliationTarget) {
  switch (target.level) {
    case 'national':
      return apiPath('/reports/reconciliation/national/document');
    case 'department':
      return apiPath('/reports/reconciliation/departments/{departmentId}/document', {
        departmentId: target.id,
      });
    case 'district':
      return apiPath('/reports/reconciliation/districts/{districtId}/document', { districtId: target.id });
    case 'institution':
      return apiPath('/reports/reconciliation/institutions/{sie}/document', { sie: target.id });
  }
}

type DocumentFormat = 'pdf' | 'xlsx';

function reconciliationReport(
  target: ReconciliationTarget,
  query: { page: number; state?: ReconciliationState },
  signal: AbortSignal,
) {
  switch (target.level) {
    case 'national':
      return api.get('/reports/reconciliation/national', { query, signal });
    case 'department':
      return api.get('/reports/reconciliation/departments/{departmentId}', {
        path: { departmentId: target.id },
        query,
        signal,
      });
    case 'district':
      return api.get('/reports/reconciliation/districts/{districtId}', {
        path: { districtId: target.id },
        query,
        signal,
      });
    case 'institution':
      return api.get('/reports/reconciliation/institutions/{sie}', {
        path: { sie: target.id },
        query,
        signal,
      });
  }
}

/** One page of the place's reconciliation (the summary of every state comes with each page). */
export function useReconciliation(
  target: ReconciliationTarget | null,
  page: number,
  state: ReconciliationState | null,
) {
  return useQuery({
    queryKey: ['reports', 'reconciliation', target, page, state],
    queryFn: ({ signal }) => reconciliationReport(target!, { page, state: state ?? undefined }, signal),
    enabled: target !== null,
    // While another page or state loads, the place's table stays; another place never shows the last one's rows.
    placeholderData: (previous, query) =>
      JSON.stringify(query?.queryKey[2]) === JSON.stringify(target) ? previous : undefined,
    retry: false,
  });
}

/**
 * National and department-wide reconciliation documents are prepared as a job (exports); a district
 * or a school stays a direct download (undefined).
 */
export function reconciliationExport(target: ReconciliationTarget, state: ReconciliationState | null) {
  if (target.level === 'national')
    return (format: DocumentFormat) =>
      api.post('/exports/reconciliation/national', { body: { state: state ?? undefined, format } });
  if (target.level === 'department')
    return (format: DocumentFormat) =>
      api.post('/exports/reconciliation/departments/{departmentId}', {
        path: { departmentId: target.id },
        body: { state: state ?? undefined, format },
      });
  return undefined;
}
