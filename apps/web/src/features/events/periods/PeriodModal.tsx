import {
  boliviaDay,
  eventMessages,
  messages,
  type PeriodCreate,
  periodCreate,
  periodStateError,
} from '@bjp/domain';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { confirmAction } from '../../../ui/ConfirmDialog';
import { DayInput } from '../../../ui/DayInput';
import { formErrors } from '../../../ui/form-errors';
import { notifySuccess } from '../../../ui/notify';
import { SpanishDates } from '../../../ui/SpanishDates';
import { SubmitError, serverFieldErrors } from '../../../ui/SubmitError';
import { useCreatePeriod, usePeriodCatalogs } from '../periods-api';

type Values = {
  name: string;
  phase: string;
  subsystems: string[];
  startsOn: string | null;
  endsOn: string | null;
  instances: string[];
  state: string | null;
};

const initialValues: Values = {
  name: '',
  phase: '',
  subsystems: [],
  startsOn: null,
  endsOn: null,
  instances: [],
  state: 'VIGENTE',
};
const toRequest = (v: Values) => ({
  ...v,
  startsOn: v.startsOn ?? '',
  endsOn: v.endsOn ?? '',
  state: v.state ?? '',
});

/** 'Agregar Periodo y Etapa': name, stage, subsystems, dates, instances and state, all required. */
export function PeriodModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const catalogs = usePeriodCatalogs();
  const create = useCreatePeriod();
  const form = useForm<Values>({
    initialValues,
    validate: (values) => {
      const errors = formErrors(periodCreate.safeParse(toRequest(values)), {
        message: (issue) => (issue.code === 'invalid_value' ? messages.required : undefined),
      });
      // The server's rule: CONCLUIDO only once the period's last day has come (Bolivia's day).
      const stateProblem = periodStateError(toRequest(values), boliviaDay());
      if (stateProblem) errors.state ??= stateProblem;
      return errors;
    },
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    if (
      !(await confirmAction({
        message: `Se registrará el periodo "${values.name}" con la etapa "${values.phase}".`,
      }))
    )
      return;
    create.mutate(toRequest(values) as PeriodCreate, {
      onSuccess: () => {
        notifySuccess('El periodo se registró de manera exitosa', eventMessages.registerSuccessTitle);
        form.reset();
        onClose();
      },
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    });
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Agregar Periodo y Etapa" size="lg" centered>
      <SpanishDates>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Nombre del periodo" withAsterisk {...form.getInputProps('name')} />
              <TextInput label="Etapa" withAsterisk {...form.getInputProps('phase')} />
            </SimpleGrid>
            <MultiSelect
              label="Subsistemas"
              withAsterisk
              data={catalogs.data?.subsystems ?? []}
              searchable
              // An empty list would open no dropdown at all: say it is loading instead.
              disabled={!catalogs.data}
              placeholder={catalogs.data ? 'Elija uno o más' : 'Cargando…'}
              comboboxProps={{ keepMounted: false }}
              {...form.getInputProps('subsystems')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DayInput label="Inicio" withAsterisk {...form.getInputProps('startsOn')} />
              <DayInput label="Fin" withAsterisk {...form.getInputProps('endsOn')} />
            </SimpleGrid>
            <Checkbox.Group label="Instancias" withAsterisk {...form.getInputProps('instances')}>
              <Group mt={6}>
                {(catalogs.data?.instances ?? []).map((i) => (
                  <Checkbox key={i.id} value={i.id} label={i.label} />
                ))}
              </Group>
            </Checkbox.Group>
            <Select
              label="Estado"
              withAsterisk
              data={catalogs.data?.states ?? []}
              comboboxProps={{ keepMounted: false }}
              {...form.getInputProps('state')}
            />
            <SubmitError error={create.error} title={eventMessages.registerFailedTitle} />
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
      </SpanishDates>
    </Modal>
  );
}
