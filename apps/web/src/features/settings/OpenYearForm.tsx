import { type OpenYearRequest, openYearRequest, type ProgrammeYearRow, yearMessages } from '@bjp/domain';
import { Button, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarPlus } from '@tabler/icons-react';
import { errorMessage } from '../../app/api';
import { confirmAction } from '../../ui/ConfirmDialog';
import { DayInput } from '../../ui/DayInput';
import { formErrors } from '../../ui/form-errors';
import { notifyError, notifySuccess } from '../../ui/notify';
import { SpanishDates } from '../../ui/SpanishDates';
import { useOpenYear } from './api';

type Values = {
  amountPerStudent: number | string;
  directorDeadline: string | null;
  calendarStart: string | null;
  registrationStartsOn: string | null;
  registrationEndsOn: string | null;
};

/** The same day a year later, as a first proposal (29 February proposes 28). */
const nextYearOf = (day: string | null, year: number) => {
  if (!day) return null;
  const monthDay = day.slice(4) === '-02-29' ? '-02-28' : day.slice(4);
  return `${year}${monthDay}`;
};

const toRequest = (year: number, v: Values): OpenYearRequest => ({
  year,
  amountPerStudent: typeof v.amountPerStudent === 'number' ? v.amountPerStudent : Number.NaN,
  directorDeadline: v.directorDeadline ?? '',
  calendarStart: v.calendarStart ?? '',
  registrationStartsOn: v.registrationStartsOn ?? '',
  registrationEndsOn: v.registrationEndsOn ?? '',
});

/**
 * 'Abrir gestión 2026': the next year's amount, director deadline, calendar start and holder
 * registration window, proposed from the open year's a year later; validated by the domain's
 * schema, confirmed with what happens to the open year, then sent.
 */
export function OpenYearForm({
  open,
  onOpened,
}: {
  open: ProgrammeYearRow;
  onOpened: (year: number) => void;
}) {
  const next = open.year + 1;
  const openYear = useOpenYear();
  const form = useForm<Values>({
    initialValues: {
      amountPerStudent: open.amountPerStudent,
      directorDeadline: nextYearOf(open.directorDeadline, next),
      calendarStart: nextYearOf(open.calendarStart, next),
      registrationStartsOn: nextYearOf(open.registrationStartsOn, next),
      registrationEndsOn: nextYearOf(open.registrationEndsOn, next),
    },
    validate: (values) => formErrors(openYearRequest.safeParse(toRequest(next, values))),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    const body = toRequest(next, values);
    const confirmed = await confirmAction({
      title: `¿Abrir la gestión ${next}?`,
      message: (
        <Stack gap="xs">
          <Text size="sm">
            La gestión {open.year} quedará cerrada: sus titulares, declaraciones juradas, pagos, reportes y
            Kardex se conservan tal como están y solo se podrán consultar.
          </Text>
          <Text size="sm">
            La gestión {next} empieza sin estudiantes, con {body.amountPerStudent} Bs. por estudiante. El
            siguiente paso es importar su padrón de estudiantes en «Importar Datos».
          </Text>
          <Text size="sm" fw={600}>
            Esta acción no se puede deshacer.
          </Text>
        </Stack>
      ),
      confirmLabel: `Abrir gestión ${next}`,
      color: 'orange',
    });
    if (!confirmed) return;
    // Awaited rather than mutate's callbacks: the answer makes the new year the open one, which
    // replaces this form (keyed by the open year) before mutate's own callbacks would run.
    try {
      await openYear.mutateAsync(body);
    } catch (error) {
      notifyError(errorMessage(error));
      return;
    }
    notifySuccess(yearMessages.opened(next));
    onOpened(next);
  });

  return (
    <SpanishDates>
      <form onSubmit={submit} noValidate aria-label={`Abrir gestión ${next}`}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Monto por estudiante (Bs.)"
              withAsterisk
              min={1}
              allowDecimal={false}
              thousandSeparator=","
              {...form.getInputProps('amountPerStudent')}
            />
            <DayInput
              label="Inicio del calendario de pagos"
              withAsterisk
              {...form.getInputProps('calendarStart')}
            />
            <DayInput
              label="Inicio del registro de titulares"
              withAsterisk
              {...form.getInputProps('registrationStartsOn')}
            />
            <DayInput
              label="Fin del registro de titulares"
              withAsterisk
              {...form.getInputProps('registrationEndsOn')}
            />
            <DayInput
              label="Fecha límite de directores"
              description="Después de esta fecha los directores ya no tienen menú."
              withAsterisk
              {...form.getInputProps('directorDeadline')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button
              type="submit"
              color="orange"
              leftSection={<IconCalendarPlus size={16} />}
              loading={openYear.isPending}
            >
              Abrir gestión {next}
            </Button>
          </Group>
        </Stack>
      </form>
    </SpanishDates>
  );
}
