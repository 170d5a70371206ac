import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

export type PaymentFilters = { rude: string; ci: string; bank: string; from: string; to: string };

export function usePaymentSummary() {
  return useQuery({
    queryKey: ['payments', 'summary'],
    queryFn: ({ signal }) => api.get('/payments/summary', { signal }),
  });
}

export function usePaymentDetail(filters: PaymentFilters, page: number) {
  return useQuery({
    queryKey: ['payments', 'detail', filters, page],
    queryFn: ({ signal }) => api.get('/payments', { query: { ...filters, page }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
