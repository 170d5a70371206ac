import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

export type PaymentFilters = { rude: string; ci: string; bank: string; from: string; to: string };

/** `year`: a closed gestión's summary (undefined: the open one's). */
export function usePaymentSummary(year?: number) {
  return useQuery({
    queryKey: ['payments', 'summary', year],
    queryFn: ({ signal }) => api.get('/payments/summary', { query: { year }, signal }),
    retry: false,
  });
}

/** `year`: a closed gestión's payments (undefined: the open one's). */
export function usePaymentDetail(filters: PaymentFilters, page: number, year?: number) {
  return useQuery({
    queryKey: ['payments', 'detail', filters, page, year],
    queryFn: ({ signal }) => api.get('/payments', { query: { ...filters, page, year }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
