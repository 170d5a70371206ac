import { eventMessages, type PublicEvent } from '@bjp/domain';
import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../app/api';
import { SubmitError } from '../../../ui/SubmitError';
import { useEnroll } from '../public-api';
import { BaseParticipantFields } from '../renderer/BaseParticipantFields';
import { DynamicFields } from '../renderer/DynamicFields';
import { useEnrollmentForm } from '../renderer/use-enrollment-form';

const FIELDS_REFUSED = 'Revise los campos marcados.';

/** The first field showing an error: its input, or the wrapper of a group (radios, checkboxes). */
function firstInvalid(form: HTMLFormElement): HTMLElement | null {
  const input = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  const message = form.querySelector<HTMLElement>('.mantine-InputWrapper-error');
  if (!input || !message) return input ?? message;
  return input.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING ? input : message;
}

/** The minimum data and the event's dynamic fields (each required as its 'Obligatorio' says), sent with 'Registrar Inscripción'. */
export function EnrollmentForm({ event, onEnrolled }: { event: PublicEvent; onEnrolled: () => void }) {
  const form = useEnrollmentForm(event.fields);
  const enroll = useEnroll(event.id);
  const narrow = useMediaQuery('(max-width: 48em)');
  const formRef = useRef<HTMLFormElement>(null);
  // Set at once, not on the next render: a second click in the same instant is not a second send,
  // and after a success the form is being replaced by the confirmation.
  const sending = useRef(false);
  // Each refused attempt brings the first marked field into view, on a phone often off-screen; why it
  // was refused is said above the button (a toast there covered the last fields, decision 056).
  const [refusals, setRefusals] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (refusals === 0 || !formRef.current) return;
    const field = firstInvalid(formRef.current);
    field?.scrollIntoView({ block: 'center' });
    if (field?.matches('input, textarea, select')) field.focus({ preventScroll: true });
  }, [refusals]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    if (!form.validateAll()) {
      setRefusals((n) => n + 1);
      setFailure(true);
      return;
    }
    setFailure(null);
    sending.current = true;
    const extra: Record<string, unknown> = {};
    for (const field of event.fields) if (field.kind !== 'upload') extra[field.name] = form.extra[field.name];
    enroll.mutate(
      { body: { ...form.base, nationality: Number(form.base.nationality), extra }, files: form.files },
      {
        onSuccess: () => {
          form.reset();
          onEnrolled();
        },
        onError: (error) => {
          sending.current = false;
          if (isApiError(error)) form.applyServerErrors(error.details);
          setRefusals((n) => n + 1);
          setFailure(error);
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Formulario de Inscripción">
      <Stack gap="md">
        <BaseParticipantFields form={form} columns={narrow ? 1 : 2} />
        {event.fields.length > 0 && (
          <>
            <Divider label="Datos adicionales" labelPosition="left" />
            <DynamicFields
              fields={event.fields}
              form={form}
              layout={narrow ? 'vertical' : 'horizontal'}
              idPrefix="public"
            />
          </>
        )}
        <SubmitError error={failure} title={eventMessages.enrollmentFailed} fallback={FIELDS_REFUSED} />
        <Group justify="flex-end">
          <Text size="xs" c="dimmed">
            Todos los campos marcados con * son obligatorios.
          </Text>
          <Button type="submit" loading={enroll.isPending}>
            Registrar Inscripción
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
