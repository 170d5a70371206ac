import type { ReconciliationLevel, ReconciliationReport, ReconciliationState } from '@bjp/domain';
import { useQuery } from '@tanstack/react-query';
import { untypedApi } from '../../app/api';

/** The place of the reconciliation: the country, or a department, district or school by its code. */
export type ReconciliationTarget =
  | { level: 'national' }
  | { level: Exclude<ReconciliationLevel, 'national'>; id: number };

const segments: Record<Exclude<ReconciliationLevel, 'national'>, string> = {
  department: 'departments',
  district: 'districts',
  institution: 'institutions',
};

export const reconciliationPath = (target: ReconciliationTarget) =>
  target.level === 'national'
    ? '/reports/reconciliation/national'
    : `/reports/reconciliation/${segments[target.level]}/${target.id}`;

/** One page of the place's reconciliation (the summary of every state comes with each page). */
export function useReconciliation(
  target: ReconciliationTarget | null,
  page: number,
  state: ReconciliationState | null,
) {
  return useQuery({
    queryKey: ['reports', 'reconciliation', target, page, state],
    queryFn: ({ signal }) =>
      untypedApi.get<ReconciliationReport>(reconciliationPath(target!), {
        query: { page, state: state ?? undefined },
        signal,
      }),
    enabled: target !== null,
    // While another page or state loads, the place's table stays; another place never shows the last one's rows.
    placeholderData: (previous, query) =>
      JSON.stringify(query?.queryKey[2]) === JSON.stringify(target) ? previous : undefined,
    retry: false,
  });
}
