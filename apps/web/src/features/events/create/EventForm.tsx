import { type EventDetail, type EventFileKind, eventMessages } from '@bjp/domain';
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
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction } from '../../../ui/ConfirmDialog';
import { DayInput } from '../../../ui/DayInput';
import { notifySuccess } from '../../../ui/notify';
import { SubmitError, serverFieldErrors } from '../../../ui/SubmitError';
import { useCreateEvent, useEventOptions, useUpdateEvent } from '../api';
import {
  daysLabel,
  type EventFormValues,
  emptyEventForm,
  eventFormValuesOf,
  toFormData,
  validateEventForm,
} from './event-form-values';
import { PlaceModal } from './PlaceModal';

const asOptions = (rows: Array<{ id: number; name: string }> | undefined) =>
  (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));

/**
 * The options of a select, plus the event's own choice when it is no longer offered (a place turned
 * off since): an edit shows it as it is, marked, rather than an empty field.
 */
function withCurrent(
  rows: Array<{ id: number; name: string }> | undefined,
  current: { id: number; name: string } | null,
) {
  const data = asOptions(rows);
  if (current && !data.some((o) => o.value === String(current.id)))
    data.unshift({ value: String(current.id), label: `${current.name} (inactivo)` });
  return data;
}

const fileLabels: Record<EventFileKind, string> = {
  banner: 'Banner',
  poster: 'Afiche',
  regulation: 'Reglamento',
};

/**
 * 'Formulario de Registro de Eventos': every field of part 1 §2, the file rules, and the
 * confirmation. Given `event`, the same form edits it ('Editar'): filled in, the current files named
 * under their inputs, a file chosen replaces the current one (which is kept as a version).
 */
export function EventForm({ onDone, event }: { onDone: () => void; event?: EventDetail }) {
  const options = useEventOptions(true);
  const create = useCreateEvent();
  const update = useUpdateEvent(event?.id ?? 0);
  const [addingPlace, setAddingPlace] = useState(false);
  const editing = event !== undefined;
  const form = useForm<EventFormValues>({
    initialValues: event ? eventFormValuesOf(event) : emptyEventForm,
    validate: (v) => validateEventForm(v, editing),
    validateInputOnBlur: true,
    // A file is checked as soon as it is chosen (type and 1024 KB), like the original.
    validateInputOnChange: ['banner', 'poster', 'regulation', 'startsOn', 'endsOn', 'minimum', 'maximum'],
  });
  const values = form.getValues();

  const currentFile = (kind: EventFileKind) => {
    const file = event?.currentFiles.find((f) => f.kind === kind);
    if (!editing) return kind === 'regulation' ? 'PDF, hasta 1024 KB' : 'Imagen, hasta 1024 KB';
    return file
      ? `Actual: ${file.originalName} (v${file.version}). Elija otro para reemplazarlo.`
      : 'Sin archivo.';
  };

  const submit = form.onSubmit(async (submitted) => {
    if (event) {
      const message = `Se guardarán los cambios del evento "${submitted.title}".`;
      if (!(await confirmAction({ message }))) return;
      update.mutate(toFormData(submitted), {
        onSuccess: () => {
          notifySuccess(eventMessages.updateSuccess);
          onDone();
        },
        onError: (error) => form.setErrors(serverFieldErrors(error)),
      });
      return;
    }
    if (!(await confirmAction({ message: `Se registrará el evento "${submitted.title}".` }))) return;
    create.mutate(toFormData(submitted), {
      onSuccess: () => {
        notifySuccess(eventMessages.registerSuccess, eventMessages.registerSuccessTitle);
        form.reset();
        onDone();
      },
      onError: (error) => form.setErrors(serverFieldErrors(error)),
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
            <DayInput label="Fecha de inicio" withAsterisk {...form.getInputProps('startsOn')} />
            <DayInput label="Fecha de fin" withAsterisk {...form.getInputProps('endsOn')} />
            <TextInput label="Días" readOnly value={daysLabel(values)} aria-readonly />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Tipo de evento"
              withAsterisk
              data={withCurrent(
                options.data?.kinds,
                event ? { id: event.kindEventId, name: event.kindEventName } : null,
              )}
              searchable
              comboboxProps={{ keepMounted: false }}
              {...form.getInputProps('kindEventId')}
            />
            <Group gap={6} align="flex-end" wrap="nowrap">
              <Select
                label="Ambiente"
                withAsterisk
                style={{ flex: 1 }}
                data={withCurrent(
                  options.data?.places,
                  event ? { id: event.placeId, name: event.placeName } : null,
                )}
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
              label={fileLabels.banner}
              description={currentFile('banner')}
              accept="image/png,image/jpeg,image/gif,image/webp"
              clearable
              {...form.getInputProps('banner')}
            />
            <FileInput
              label={fileLabels.poster}
              description={currentFile('poster')}
              accept="image/png,image/jpeg,image/gif,image/webp"
              clearable
              {...form.getInputProps('poster')}
            />
            <FileInput
              label={fileLabels.regulation}
              description={currentFile('regulation')}
              withAsterisk={!editing}
              accept="application/pdf"
              clearable
              {...form.getInputProps('regulation')}
            />
          </SimpleGrid>
          <Select
            label="Formulario de inscripción"
            withAsterisk
            data={withCurrent(
              options.data?.forms,
              event ? { id: event.enrollmentFormId, name: event.formName } : null,
            )}
            searchable
            comboboxProps={{ keepMounted: false }}
            {...form.getInputProps('enrollmentFormId')}
          />
          {/* An edit that fails is not a failed registration: its own title. */}
          <SubmitError
            error={editing ? update.error : create.error}
            title={editing ? eventMessages.updateFailedTitle : eventMessages.registerFailedTitle}
            fallback={editing ? undefined : eventMessages.registerFailed}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onDone}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {editing ? 'Guardar cambios' : 'Registrar'}
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
