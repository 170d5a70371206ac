import { type EventDetail, eventMessages } from '@bjp/domain';
import {
  ActionIcon,
  Button,
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
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DayInput } from '../../../ui/DayInput';
import { SubmitError } from '../../../ui/SubmitError';
import { useEventOptions } from '../api';
import { EventFiles } from './EventFiles';
import { daysLabel } from './event-form-values';
import { PlaceModal } from './PlaceModal';
import { useEventForm } from './use-event-form';

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

/**
 * 'Formulario de Registro de Eventos': every field of part 1 §2, the file rules, and the
 * confirmation. Given `event`, the same form edits it ('Editar'): filled in, the current files named
 * under their inputs, a file chosen replaces the current one (which is kept as a version).
 */
export function EventForm({ onDone, event }: { onDone: () => void; event?: EventDetail }) {
  const options = useEventOptions(true);
  const [addingPlace, setAddingPlace] = useState(false);
  const { form, submit, editing, saving, failure } = useEventForm(event, onDone);
  const values = form.getValues();

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
          <EventFiles form={form} event={event} />
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
            error={failure}
            title={editing ? eventMessages.updateFailedTitle : eventMessages.registerFailedTitle}
            fallback={editing ? undefined : eventMessages.registerFailed}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onDone}>
              Cancelar
            </Button>
            <Button type="submit" loading={saving}>
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
