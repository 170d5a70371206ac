import { calendarStatusLabels } from '@bjp/domain';
import { Alert, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../app/api';
import { PageHeader } from '../../ui/PageHeader';
import { useSyncCalendar } from './api';

const weekdays = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'];
const weekday = (iso: string) => weekdays[new Date(`${iso}T12:00:00Z`).getUTCDay()];

const colors = { complete: 'green', incomplete: 'yellow', pending: 'blue', none: 'red' } as const;

/** /control/calendar-control 'Estado de Sincronización': day cards by month from the calendar start to today. */
export function CalendarPage() {
  const calendar = useSyncCalendar();
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
        <Paper key={month.key} withBorder radius="md" p="md">
          <Title order={4} mb="sm">
            {month.name}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4, md: 7 }} spacing="xs">
            {month.days.map((day) => (
              <Paper
                key={day.date}
                data-testid={`day-${day.date}`}
                withBorder
                p="xs"
                radius="sm"
                bg={`var(--mantine-color-${colors[day.status]}-light)`}
                style={day.isToday ? { outline: '2px solid var(--mantine-color-blue-filled)' } : undefined}
              >
                <Group justify="space-between" gap={4}>
                  <Text fw={700}>
                    {Number(day.date.slice(8))}{' '}
                    <Text span size="xs" c="dimmed">
                      {weekday(day.date)}
                    </Text>
                  </Text>
                  {day.isToday && (
                    <Badge size="xs" color="blue">
                      HOY
                    </Badge>
                  )}
                </Group>
                <Text size="10px" fw={600} c={`${colors[day.status]}.9`}>
                  {day.label}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}
