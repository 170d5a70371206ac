import type {
  PaidConsolidationResult,
  PaidInstitutionState,
  PaidReport,
  PaidStudentPage,
  PaidTitularPage,
  PaidTitularRow,
  SaveValidationRequest,
  SaveValidationResult,
  StoredValidation,
} from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { untypedApi } from '../../app/api';
import { useSubmission } from '../../app/submission';

const base = (sie: number) => `/paid-validation/institutions/${sie}`;

export const paidKeys = {
  school: (sie: number) => ['paid-validation', sie] as const,
  state: (sie: number) => ['paid-validation', sie, 'state'] as const,
  titulars: (sie: number, page: number) => ['paid-validation', sie, 'titulars', page] as const,
  titular: (sie: number, personId: number) => ['paid-validation', sie, 'titular', personId] as const,
  students: (sie: number, personId: number, page: number) =>
    ['paid-validation', sie, 'students', personId, page] as const,
  validation: (sie: number, inscriptionId: number) =>
    ['paid-validation', sie, 'validation', inscriptionId] as const,
  report: (sie: number) => ['paid-validation', sie, 'report'] as const,
};

/** GET /paid-validation/institutions/:sie — 'DETALLE ESTADO', gestión, consolidation. */
export function usePaidState(sie: number | null) {
  return useQuery({
    queryKey: paidKeys.state(sie ?? 0),
    queryFn: ({ signal }) => untypedApi.get<PaidInstitutionState>(base(sie ?? 0), { signal }),
    enabled: sie !== null,
    retry: false,
  });
}

/** 'Lista de Maestros o Directores como TITULAR DE COBRO', 10 a page. */
export function usePaidTitulars(sie: number, page: number) {
  return useQuery({
    queryKey: paidKeys.titulars(sie, page),
    queryFn: ({ signal }) =>
      untypedApi.get<PaidTitularPage>(`${base(sie)}/titulars`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePaidTitular(sie: number, personId: number) {
  return useQuery({
    queryKey: paidKeys.titular(sie, personId),
    queryFn: ({ signal }) => untypedApi.get<PaidTitularRow>(`${base(sie)}/titulars/${personId}`, { signal }),
    retry: false,
  });
}

/** One titular's students with their state button, 10 a page, sorted on the server. */
export function usePaidStudents(sie: number, personId: number, page: number) {
  return useQuery({
    queryKey: paidKeys.students(sie, personId, page),
    queryFn: ({ signal }) =>
      untypedApi.get<PaidStudentPage>(`${base(sie)}/titulars/${personId}/students`, {
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
      untypedApi.get<StoredValidation>(`${base(sie)}/inscriptions/${inscriptionId}/validation`, { signal }),
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
      untypedApi.put<SaveValidationResult>(
        `${base(sie)}/inscriptions/${input.inscriptionId}/validation`,
        input.body,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: paidKeys.school(sie) }),
  });
}

export function useConsolidatePaid(sie: number) {
  const client = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: () =>
      submission.send(sie, (idempotencyKey) =>
        untypedApi.post<PaidConsolidationResult>(`${base(sie)}/consolidation`, undefined, { idempotencyKey }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: paidKeys.school(sie) }),
  });
}

/** The report that replaces the consolidate button (only once the operation is consolidated). */
export function usePaidReport(sie: number, enabled: boolean) {
  return useQuery({
    queryKey: paidKeys.report(sie),
    queryFn: ({ signal }) => untypedApi.get<PaidReport>(`${base(sie)}/report`, { signal }),
    enabled,
    retry: false,
  });
}

export const paidReportDocumentPath = (sie: number) => `${base(sie)}/report/document`;
