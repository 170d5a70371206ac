import { eventMessages } from '@bjp/domain';
import {
  ActionIcon,
  Button,
  FileInput,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../app/api';
import { confirmAction } from '../../../ui/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useCreateEvent, useEventOptions } from '../api';
import {
  daysLabel,
  type EventFormValues,
  emptyEventForm,
  toFormData,
  validateEventForm,
} from './event-form-values';
import { PlaceModal } from './PlaceModal';

const asOptions = (rows: Array<{ id: number; name: string }> | undefined) =>
  (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));

/** 'Formulario de Registro de Eventos': every field of part 1 §2, the file rules, and the confirmation. */
export function EventForm({ onDone }: { onDone: () => void }) {
  const options = useEventOptions(true);
  const create = useCreateEvent();
  const [addingPlace, setAddingPlace] = useState(false);
  const form = useForm<EventFormValues>({
    initialValues: emptyEventForm,
    validate: validateEventForm,
    validateInputOnBlur: true,
    // A file is checked as soon as it is chosen (type and 1024 KB), like the original.
    validateInputOnChange: ['banner', 'poster', 'regulation', 'startsOn', 'endsOn', 'minimum', 'maximum'],
  });
  const values = form.getValues();

  const submit = form.onSubmit(async (submitted) => {
    if (!(await confirmAction({ message: `Se registrará el evento "${submitted.title}".` }))) return;
    create.mutate(toFormData(submitted), {
      onSuccess: () => {
        notifySuccess(eventMessages.registerSuccess, eventMessages.registerSuccessTitle);
        form.reset();
        onDone();
      },
      onError: (error) =>
        notifyError(errorMessage(error, eventMessages.registerFailed), eventMessages.registerFailedTitle),
    });
  });

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Formulario de Registro de Eventos">
        <Stack gap="sm">
          <TextInput label="Título" withAsterisk {...form.getInputProps('title')} />
          <Textarea
            label="Descripción"
            withAsterisk
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <DateInput
              label="Fecha de inicio"
              withAsterisk
              valueFormat="YYYY-MM-DD"
              {...form.getInputProps('startsOn')}
            />
            <DateInput
              label="Fecha de fin"
              withAsterisk
              valueFormat="YYYY-MM-DD"
              {...form.getInputProps('endsOn')}
            />
            <TextInput label="Días" readOnly value={daysLabel(values)} aria-readonly />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Tipo de evento"
              withAsterisk
              data={asOptions(options.data?.kinds)}
              searchable
              comboboxProps={{ keepMounted: false }}
              {...form.getInputProps('kindEventId')}
            />
            <Group gap={6} align="flex-end" wrap="nowrap">
              <Select
                label="Ambiente"
                withAsterisk
                style={{ flex: 1 }}
                data={asOptions(options.data?.places)}
                searchable
                comboboxProps={{ keepMounted: false }}
                {...form.getInputProps('placeId')}
              />
              <Tooltip label="Agregar ambiente">
                <ActionIcon
                  size="lg"
                  variant="light"
                  aria-label="Agregar ambiente"
                  onClick={() => setAddingPlace(true)}
                  mb={1}
                >
                  <IconPlus size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label="Mínimo"
              withAsterisk
              min={0}
              allowDecimal={false}
              {...form.getInputProps('minimum')}
            />
            <NumberInput
              label="Máximo"
              withAsterisk
              min={1}
              allowDecimal={false}
              {...form.getInputProps('maximum')}
            />
            <Switch
              mt={30}
              label="Sin Parámetro"
              description="Sin límite de inscritos"
              {...form.getInputProps('noLimit', { type: 'checkbox' })}
            />
          </SimpleGrid>
          <Textarea
            label="Detalle / Observaciones"
            withAsterisk
            autosize
            minRows={2}
            {...form.getInputProps('detail')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <FileInput
              label="Banner"
              description="Imagen, hasta 1024 KB"
              accept="image/png,image/jpeg,image/gif,image/webp"
              clearable
              {...form.getInputProps('banner')}
            />
            <FileInput
              label="Afiche"
              description="Imagen, hasta 1024 KB"
              accept="image/png,image/jpeg,image/gif,image/webp"
              clearable
              {...form.getInputProps('poster')}
            />
            <FileInput
              label="Reglamento"
              description="PDF, hasta 1024 KB"
              withAsterisk
              accept="application/pdf"
              clearable
              {...form.getInputProps('regulation')}
            />
          </SimpleGrid>
          <Select
            label="Formulario de inscripción"
            withAsterisk
            data={asOptions(options.data?.forms)}
            searchable
            comboboxProps={{ keepMounted: false }}
            {...form.getInputProps('enrollmentFormId')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onDone}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Registrar
            </Button>
          </Group>
        </Stack>
      </form>
      <PlaceModal
        opened={addingPlace}
        onClose={() => setAddingPlace(false)}
        onCreated={(id) => form.setFieldValue('placeId', String(id))}
      />
    </>
  );
}
