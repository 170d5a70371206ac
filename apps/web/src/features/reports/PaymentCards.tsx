import { formatBOB, formatCount, type PaymentSummary } from '@bjp/domain';
import { Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCash, IconUsers } from '@tabler/icons-react';
import { StatCard } from '../../ui/StatCard';

/** Money paid vs total (BOB) and students paid vs total, each with its percentage. */
export function PaymentCards({ summary }: { summary: PaymentSummary }) {
  const percent = Number(summary.paidPercentage);
  const detail = (text: string) => (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
      <Progress value={percent} color="green.8" size="sm" aria-hidden />
    </Stack>
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <StatCard
        label="Monto pagado"
        value={formatBOB(summary.paidAmount)}
        valueTestId="card-paid-amount"
        description={detail(`de ${formatBOB(summary.totalAmount)} — ${summary.paidPercentage} % pagado`)}
        icon={<IconCash size={20} />}
        color="green"
      />
      <StatCard
        label="Estudiantes pagados"
        value={formatCount(summary.paidStudents)}
        valueTestId="card-paid-students"
        description={detail(`de ${formatCount(summary.totalStudents)} — ${summary.paidPercentage} % pagado`)}
        icon={<IconUsers size={20} />}
      />
    </SimpleGrid>
  );
}
