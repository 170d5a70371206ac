import { eventMessages, messages, type PlaceRow, placeCreate } from '@bjp/domain';
import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { confirmAction } from '../../../ui/ConfirmDialog';
import { DayInput } from '../../../ui/DayInput';
import { formErrors } from '../../../ui/form-errors';
import { notifySuccess } from '../../../ui/notify';
import { SubmitError, serverFieldErrors } from '../../../ui/SubmitError';
import { useCreatePlace, useUpdatePlace } from '../api';

type Values = { description: string; capacity: number | string; reference: string | null };

/**
 * 'Agregar ambiente' (or 'Editar ambiente' given `place`): name, capacity and reference, all
 * required; asks for confirmation. The server refuses a duplicate of an active place (409).
 */
export function PlaceModal({
  opened,
  onClose,
  onCreated,
  place,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated?: (id: number) => void;
  place?: PlaceRow;
}) {
  const create = useCreatePlace();
  const update = useUpdatePlace();
  const form = useForm<Values>({
    initialValues: place
      ? { description: place.description, capacity: place.capacity, reference: place.reference }
      : { description: '', capacity: '', reference: null },
    validate: (values) =>
      formErrors(placeCreate.safeParse({ ...values, reference: values.reference ?? '' }), {
        message: (issue) => issue.message || messages.required,
      }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    const verb = place ? 'Se guardarán los cambios del' : 'Se registrará el';
    if (!(await confirmAction({ message: `${verb} ambiente "${values.description}".` }))) return;
    const input = {
      description: values.description,
      capacity: Number(values.capacity),
      reference: values.reference ?? '',
    };
    const callbacks = {
      onSuccess: (saved: PlaceRow) => {
        notifySuccess(
          place ? 'El ambiente se actualizó.' : 'El ambiente se registró de manera exitosa',
          eventMessages.registerSuccessTitle,
        );
        form.reset();
        onCreated?.(saved.id);
        onClose();
      },
      onError: (error: Error) => form.setErrors(serverFieldErrors(error)),
    };
    if (place) update.mutate({ id: place.id, place: input }, callbacks);
    else create.mutate(input, callbacks);
  });

  return (
    <Modal opened={opened} onClose={onClose} title={place ? 'Editar ambiente' : 'Agregar ambiente'} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Nombre" withAsterisk {...form.getInputProps('description')} />
          <NumberInput
            label="Capacidad"
            withAsterisk
            min={1}
            allowDecimal={false}
            {...form.getInputProps('capacity')}
          />
          <DayInput label="Referencia" withAsterisk {...form.getInputProps('reference')} />
          <SubmitError
            error={place ? update.error : create.error}
            title={eventMessages.registerFailedTitle}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {place ? 'Guardar' : 'Registrar'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
