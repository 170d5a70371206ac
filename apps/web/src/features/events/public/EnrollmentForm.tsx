import { eventMessages, type PublicEvent } from '@bjp/domain';
import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { errorMessage, isApiError } from '../../../app/api';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useEnroll } from '../public-api';
import { BaseParticipantFields } from '../renderer/BaseParticipantFields';
import { DynamicFields } from '../renderer/DynamicFields';
import { useEnrollmentForm } from '../renderer/use-enrollment-form';

/** The minimum data and the event's dynamic fields (each required as its 'Obligatorio' says), sent with 'Registrar Inscripción'. */
export function EnrollmentForm({ event, onEnrolled }: { event: PublicEvent; onEnrolled: () => void }) {
  const form = useEnrollmentForm(event.fields);
  const enroll = useEnroll(event.id);
  const narrow = useMediaQuery('(max-width: 48em)');

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.validateAll()) {
      notifyError('Revise los campos marcados.', eventMessages.enrollmentFailed);
      return;
    }
    const extra: Record<string, unknown> = {};
    for (const field of event.fields) if (field.kind !== 'upload') extra[field.name] = form.extra[field.name];
    enroll.mutate(
      { body: { ...form.base, nationality: Number(form.base.nationality), extra }, files: form.files },
      {
        onSuccess: () => {
          notifySuccess('Su inscripción fue registrada.', eventMessages.enrollmentSuccess);
          form.reset();
          onEnrolled();
        },
        onError: (error) => {
          if (isApiError(error)) form.applyServerErrors(error.details);
          notifyError(errorMessage(error), eventMessages.enrollmentFailed);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Formulario de Inscripción">
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
