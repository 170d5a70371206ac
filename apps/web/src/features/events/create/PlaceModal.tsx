import { eventMessages, messages, placeCreate } from '@bjp/domain';
import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { errorMessage } from '../../../app/api';
import { confirmAction } from '../../../ui/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useCreatePlace } from '../api';

type Values = { description: string; capacity: number | string; reference: string | null };

/** 'Agregar ambiente': name, capacity and reference, all required; asks for confirmation. */
export function PlaceModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const create = useCreatePlace();
  const form = useForm<Values>({
    initialValues: { description: '', capacity: '', reference: null },
    validate: (values) => {
      const parsed = placeCreate.safeParse({ ...values, reference: values.reference ?? '' });
      const errors: Record<string, string> = {};
      for (const issue of parsed.error?.issues ?? [])
        errors[String(issue.path[0])] ??= issue.message || messages.required;
      return errors;
    },
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    if (!(await confirmAction({ message: `Se registrará el ambiente "${values.description}".` }))) return;
    create.mutate(
      {
        description: values.description,
        capacity: Number(values.capacity),
        reference: values.reference ?? '',
      },
      {
        onSuccess: (place) => {
          notifySuccess('El ambiente se registro de manera exitosa', eventMessages.registerSuccessTitle);
          form.reset();
          onCreated(place.id);
          onClose();
        },
        onError: (error) => notifyError(errorMessage(error), eventMessages.registerFailedTitle),
      },
    );
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Agregar ambiente" centered>
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
          <DateInput
            label="Referencia"
            withAsterisk
            valueFormat="YYYY-MM-DD"
            {...form.getInputProps('reference')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Registrar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
