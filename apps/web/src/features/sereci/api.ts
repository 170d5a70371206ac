import type {
  SereciCertificate,
  SereciStudent,
  SereciValidationPage,
  SereciValidationResult,
} from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { untypedApi } from '../../app/api';
import { useSubmission } from '../../app/submission';

const path = (rude: string) => `/sereci/students/${encodeURIComponent(rude)}`;

export function useSereciStudent(rude: string | null) {
  return useQuery({
    queryKey: ['sereci', 'student', rude],
    queryFn: ({ signal }) => untypedApi.get<SereciStudent>(path(rude!), { signal }),
    enabled: rude !== null,
    retry: false,
  });
}

export function useValidateStudent() {
  const client = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: ({ rude, certificate }: { rude: string; certificate: SereciCertificate }) =>
      submission.send([rude, certificate], (idempotencyKey) =>
        untypedApi.post<SereciValidationResult>(`${path(rude)}/validation`, certificate, { idempotencyKey }),
      ),
    onSuccess: (result) => {
      client.setQueryData(['sereci', 'student', result.student.rude], result.student);
      void client.invalidateQueries({ queryKey: ['sereci', 'validations'] });
    },
  });
}

export function useSereciValidations(search: string, page: number) {
  return useQuery({
    queryKey: ['sereci', 'validations', search, page],
    queryFn: ({ signal }) =>
      untypedApi.get<SereciValidationPage>('/sereci/validations', { query: { search, page }, signal }),
    placeholderData: keepPreviousData,
  });
}
