import type { PaymentDetailPage, PaymentGeneralSummary } from '@bjp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { untypedApi } from '../../app/api';

export type PaymentFilters = { rude: string; ci: string; bank: string; from: string; to: string };

export function usePaymentSummary() {
  return useQuery({
    queryKey: ['payments', 'summary'],
    queryFn: ({ signal }) => untypedApi.get<PaymentGeneralSummary>('/payments/summary', { signal }),
  });
}

export function usePaymentDetail(filters: PaymentFilters, page: number) {
  return useQuery({
    queryKey: ['payments', 'detail', filters, page],
    queryFn: ({ signal }) =>
      untypedApi.get<PaymentDetailPage>('/payments', { query: { ...filters, page }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
