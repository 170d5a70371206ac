import { formatDate } from '@bjp/domain';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DatePicker, type DatesRangeValue } from '@mantine/dates';
import { memo, useState } from 'react';
import type { PaymentRange } from './api';
import classes from './PaymentRangePicker.module.css';
import { WhenNear } from './WhenNear';

type Props = {
  value: PaymentRange;
  onChange: (range: PaymentRange) => void;
  /** The month shown first (yyyy-mm-dd); absent, today's. A closed year's opens in its November, the campaign's month. */
  openMonth?: string;
};

const calendarLabels = {
  previousDecade: 'Década anterior',
  nextDecade: 'Década siguiente',
  previousYear: 'Año anterior',
  nextYear: 'Año siguiente',
  previousMonth: 'Mes anterior',
  nextMonth: 'Mes siguiente',
  // No label on the level control ('noviembre 2026'): its visible text names it (axe
  // label-content-name-mismatch), and pressing it to change the level is the calendar's habit.
};

const show = (day?: string) => (day ? formatDate(day) : '…');

/** The month's grid: always six weeks (`consistentWeeks`), so always this tall. */
const CALENDAR_HEIGHT = 297;

/**
 * Inline Spanish range calendar; the statistics refetch once both ends are chosen (or on clear).
 * Memoised: each statistics answer re-renders the dashboard, and the calendar's 42 days need not
 * follow. The month is drawn when it comes near the screen, like the charts: on a phone it is below
 * the three pies, and its 42 days were one task of 80–180 ms under a 4× slowdown (issue 14).
 */
export const PaymentRangePicker = memo(function PaymentRangePicker({ value, onChange, openMonth }: Props) {
  const [draft, setDraft] = useState<DatesRangeValue<string>>([value.from ?? null, value.to ?? null]);
  const select = (next: DatesRangeValue<string>) => {
    setDraft(next);
    const [from, to] = next;
    if (from && to) onChange({ from, to });
  };
  const clear = () => {
    setDraft([null, null]);
    onChange({});
  };
  const filtered = Boolean(value.from || value.to);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs" align="center">
        <Title order={3} fz="md" style={{ alignSelf: 'flex-start' }}>
          Fechas de pago
        </Title>
        <WhenNear height={CALENDAR_HEIGHT}>
          <DatePicker
            type="range"
            value={draft}
            onChange={select}
            allowSingleDateInRange
            defaultDate={openMonth}
            locale="es"
            ariaLabels={calendarLabels}
            classNames={{ day: classes.day }}
          />
        </WhenNear>
        <Group justify="space-between" w="100%">
          <Text size="sm" c="dimmed" data-testid="payment-range">
            {filtered ? `Del ${show(value.from)} al ${show(value.to)}` : 'Todas las fechas'}
          </Text>
          <Button size="xs" variant="subtle" onClick={clear} disabled={!filtered && !draft[0]}>
            Limpiar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
});
