import type { SereciCertificate } from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';
import { useSubmission } from '../../app/submission';

export function useSereciStudent(rude: string | null) {
  return useQuery({
    queryKey: ['sereci', 'student', rude],
    queryFn: ({ signal }) => api.get('/sereci/students/{rude}', { path: { rude: rude! }, signal }),
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
        api.post('/sereci/students/{rude}/validation', { path: { rude }, body: certificate, idempotencyKey }),
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
    queryFn: ({ signal }) => api.get('/sereci/validations', { query: { search, page }, signal }),
    placeholderData: keepPreviousData,
  });
}
