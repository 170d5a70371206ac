import type { SaveValidationRequest } from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';
import { apiPath } from '../../app/api-path';
import { useSubmission } from '../../app/submission';

export const paidKeys = {
  school: (sie: number) => ['paid-validation', sie] as const,
  state: (sie: number) => ['paid-validation', sie, 'state'] as const,
  titulars: (sie: number, page: number) => ['paid-validation', sie, 'titulars', page] as const,
  titular: (sie: number, personId: number) => ['paid-validation', sie, 'titular', personId] as const,
  students: (sie: number, personId: number, page: number) =>
    ['paid-validation', sie, 'students', personId, page] as const,
  validation: (sie: number, inscriptionId: number) =>
    ['paid-validation', sie, 'validation', inscriptionId] as const,
  report: (sie: number, year?: number) => ['paid-validation', sie, 'report', year] as const,
};

/** GET /paid-validation/institutions/:sie — 'DETALLE ESTADO', gestión, consolidation. */
export function usePaidState(sie: number | null) {
  return useQuery({
    queryKey: paidKeys.state(sie ?? 0),
    queryFn: ({ signal }) =>
      api.get('/paid-validation/institutions/{sie}', { path: { sie: sie ?? 0 }, signal }),
    enabled: sie !== null,
    retry: false,
  });
}

/** 'Lista de Maestros o Directores como TITULAR DE COBRO', 10 a page. */
export function usePaidTitulars(sie: number, page: number) {
  return useQuery({
    queryKey: paidKeys.titulars(sie, page),
    queryFn: ({ signal }) =>
      api.get('/paid-validation/institutions/{sie}/titulars', { path: { sie }, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePaidTitular(sie: number, personId: number) {
  return useQuery({
    queryKey: paidKeys.titular(sie, personId),
    queryFn: ({ signal }) =>
      api.get('/paid-validation/institutions/{sie}/titulars/{personId}', { path: { sie, personId }, signal }),
    retry: false,
  });
}

/** One titular's students with their state button, 10 a page, sorted on the server. */
export function usePaidStudents(sie: number, personId: number, page: number) {
  return useQuery({
    queryKey: paidKeys.students(sie, personId, page),
    queryFn: ({ signal }) =>
      api.get('/paid-validation/institutions/{sie}/titulars/{personId}/students', {
        path: { sie, personId },
        query: { page },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The stored validation, loaded back each time 'Validación Estudiante' opens. */
export function useStoredValidation(sie: number, inscriptionId: number | null) {
  return useQuery({
    queryKey: paidKeys.validation(sie, inscriptionId ?? 0),
    queryFn: ({ signal }) =>
      api.get('/paid-validation/institutions/{sie}/inscriptions/{inscriptionId}/validation', {
        path: { sie, inscriptionId: inscriptionId! },
        signal,
      }),
    enabled: inscriptionId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useSaveValidation(sie: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { inscriptionId: number; body: SaveValidationRequest }) =>
      api.put('/paid-validation/institutions/{sie}/inscriptions/{inscriptionId}/validation', {
        path: { sie, inscriptionId: input.inscriptionId },
        body: input.body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: paidKeys.school(sie) }),
  });
}

export function useConsolidatePaid(sie: number) {
  const client = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: () =>
      submission.send(sie, (idempotencyKey) =>
        api.post('/paid-validation/institutions/{sie}/consolidation', { path: { sie }, idempotencyKey }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: paidKeys.school(sie) }),
  });
}

/**
 * The report that replaces the consolidate button (only once the operation is consolidated), of the
 * open gestión or of a closed one (`year`).
 */
export function usePaidReport(sie: number, enabled: boolean, year?: number) {
  return useQuery({
    queryKey: paidKeys.report(sie, year),
    queryFn: ({ signal }) =>
      api.get('/paid-validation/institutions/{sie}/report', { path: { sie }, query: { year }, signal }),
    enabled,
    retry: false,
  });
}

export const paidReportDocumentPath = (sie: number) =>
  apiPath('/paid-validation/institutions/{sie}/report/document', { sie });
