import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { useSubmission } from '../../app/submission';

/** The public page's calls go without a session (auth: false). */
export function usePublicEvent(id: number) {
  return useQuery({
    queryKey: ['public-event', id],
    queryFn: ({ signal }) => api.get('/public/events/{id}', { path: { id }, signal, auth: false }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export type EnrollmentSubmission = { body: Record<string, unknown>; files: Record<string, File[]> };

/** JSON when the form has no files; otherwise multipart with the JSON in 'data' and one part per file. */
export function useEnroll(eventId: number) {
  const submission = useSubmission();
  return useMutation({
    mutationFn: ({ body, files }: EnrollmentSubmission) => {
      const url = '/public/events/{id}/enrollments';
      const path = { id: eventId };
      const withFiles = Object.values(files).some((list) => list.length > 0);
      if (!withFiles)
        return submission.send(body, (idempotencyKey) =>
          api.post(url, { path, body, auth: false, idempotencyKey }),
        );
      const form = new FormData();
      form.append('data', JSON.stringify(body));
      for (const [field, list] of Object.entries(files))
        for (const file of list) form.append(field, file, file.name);
      return submission.send(form, (idempotencyKey) =>
        api.post(url, { path, body: form, auth: false, idempotencyKey }),
      );
    },
  });
}
