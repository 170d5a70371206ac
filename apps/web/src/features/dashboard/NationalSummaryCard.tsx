import { formatBOB, formatCount } from '@bjp/domain';
import { Divider, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { paidColor, paidTextColor, unpaidColor, unpaidTextColor } from '../../app/theme';
import type { NationalSummary } from './summary';

function Row({
  label,
  value,
  testId,
  color,
}: {
  label: string;
  value: string;
  testId: string;
  color?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} c={color} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** 'Resumen Nacional': totals with comma thousands and percentages with 2 decimals. */
export function NationalSummaryCard({ summary }: { summary: NationalSummary }) {
  const s = summary;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={3} fz="md">
          Resumen Nacional
        </Title>
        <Row label="Total estudiantes" value={formatCount(s.totalStudents)} testId="summary-total-students" />
        <Row
          label="Estudiantes pagados"
          value={formatCount(s.paidStudents)}
          testId="summary-paid-students"
          color={paidTextColor}
        />
        <Row
          label="Estudiantes pendientes"
          value={formatCount(s.pendingStudents)}
          testId="summary-pending-students"
          color={unpaidTextColor}
        />
        <Divider />
        <Row
          label="Monto pagado"
          value={formatBOB(s.paidMoney)}
          testId="summary-paid-money"
          color={paidTextColor}
        />
        <Row label="Monto total" value={formatBOB(s.totalMoney)} testId="summary-total-money" />
        <Divider />
        <Progress.Root size="lg">
          <Progress.Section
            value={Number(s.paidPercentage)}
            color={paidColor}
            aria-label="Avance de pago: pagado"
          />
          <Progress.Section
            value={Number(s.pendingPercentage)}
            color={unpaidColor}
            aria-label="Avance de pago: pendiente"
          />
        </Progress.Root>
        <Row
          label="Pagado"
          value={`${s.paidPercentage} %`}
          testId="summary-paid-percentage"
          color={paidTextColor}
        />
        <Row
          label="Pendiente"
          value={`${s.pendingPercentage} %`}
          testId="summary-pending-percentage"
          color={unpaidTextColor}
        />
      </Stack>
    </Paper>
  );
}
