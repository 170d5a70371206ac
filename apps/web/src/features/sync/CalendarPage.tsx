import { calendarStatusLabels, type SyncCalendar } from '@bjp/domain';
import { Alert, Badge, Box, Group, Loader, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { errorMessage } from '../../app/api';
import { PageHeader } from '../../ui/PageHeader';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { useSyncCalendar } from './api';
import { DayDrawer } from './DayDrawer';
import { longDayEs, monthGrid, syncCountEs, WEEKDAYS_SHORT_ES } from './month-grid';

const colors = { complete: 'green', incomplete: 'yellow', pending: 'blue', none: 'red' } as const;
type Day = SyncCalendar['months'][number]['days'][number];

const columns = { display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 4 } as const;

function DayCell({ day, onOpen }: { day: Day; onOpen: (date: string) => void }) {
  const label = `${longDayEs(day.date)}: ${syncCountEs(day.synced ? 1 : 0)}${
    day.synced ? `, ${day.changes} cambios` : ''
  } — ${day.label}${day.isToday ? ' (hoy)' : ''}`;
  return (
    // Named by what it shows (WCAG 2.5.3: an aria-label that differs from the visible text confuses
    // voice control); the whole sentence is its description (title), for screen readers and the mouse.
    <UnstyledButton
      data-testid={`day-${day.date}`}
      aria-current={day.isToday ? 'date' : undefined}
      title={label}
      onClick={() => onOpen(day.date)}
      p={6}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        border: '1px solid var(--mantine-color-default-border)',
        background: `var(--mantine-color-${colors[day.status]}-light)`,
        outline: day.isToday ? '2px solid var(--mantine-color-blue-filled)' : undefined,
        minHeight: 56,
      }}
    >
      <Group justify="space-between" gap={2} wrap="nowrap">
        <Text fw={700} size="sm">
          {Number(day.date.slice(8))}
        </Text>
        {day.isToday && (
          <Badge size="xs" color="blue" visibleFrom="sm">
            HOY
          </Badge>
        )}
      </Group>
      <Text size="10px" fw={600} c="dark.7" visibleFrom="sm" lh={1.2}>
        {day.label}
      </Text>
      {day.synced && (
        <Text size="10px" c="dark.6" lh={1.2}>
          {day.changes} camb.
        </Text>
      )}
    </UnstyledButton>
  );
}

/** A month as a real grid, Monday first; days outside the calendar's range are plain blanks. */
function MonthGrid({
  month,
  onOpen,
}: {
  month: SyncCalendar['months'][number];
  onOpen: (d: string) => void;
}) {
  const byDate = new Map(month.days.map((d) => [d.date, d]));
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} data-testid={`month-${month.key}`}>
      <Title order={4} mb="sm">
        {month.name}
      </Title>
      <Box style={columns} aria-hidden>
        {WEEKDAYS_SHORT_ES.map((w) => (
          <Text key={w} size="xs" fw={700} c="dimmed" ta="center">
            {w}
          </Text>
        ))}
      </Box>
      <Box style={columns} mt={4}>
        {monthGrid(month.key)
          .flat()
          .map((date, i) => {
            const day = date ? byDate.get(date) : undefined;
            if (day) return <DayCell key={date} day={day} onOpen={onOpen} />;
            // A blank before the 1st or after the last day, or a day outside the calendar's range.
            return (
              <Box key={date ?? `blank-${i}`} p={6} c="dimmed" data-testid={date ? undefined : 'blank'}>
                {date && <Text size="sm">{Number(date.slice(8))}</Text>}
              </Box>
            );
          })}
      </Box>
    </Paper>
  );
}

const calendarParams = { day: urlParam.day() };

/**
 * /control/calendar-control 'Estado de Sincronización': month grids from the calendar start to
 * today, newest first; each day opens what was synchronised that day.
 */
export function CalendarPage() {
  const calendar = useSyncCalendar();
  // The day opened is in the address (?day=aaaa-mm-dd): Back closes it, a reload reopens it.
  const [{ day: opened }, set] = useUrlState(calendarParams);
  const setOpened = (day: string | null) => set({ day });
  return (
    <Stack>
      <PageHeader title="Estado de Sincronización" breadcrumbs={['Control Sincronización']} />
      <Group gap="md" data-testid="calendar-legend">
        {(Object.keys(colors) as Array<keyof typeof colors>).map((status) => (
          <Badge key={status} color={colors[status]} variant="light">
            {calendarStatusLabels[status]}
          </Badge>
        ))}
      </Group>
      {calendar.isLoading && <Loader />}
      {calendar.isError && <Alert color="red">{errorMessage(calendar.error)}</Alert>}
      {[...(calendar.data?.months ?? [])].reverse().map((month) => (
        <MonthGrid key={month.key} month={month} onOpen={setOpened} />
      ))}
      <DayDrawer day={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}
