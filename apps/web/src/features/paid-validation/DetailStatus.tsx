import { formatCount, type PaidInstitutionState, paidMessages } from '@bjp/domain';
import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconChecklist, IconHourglass, IconUsers } from '@tabler/icons-react';
import { StatCard } from '../../ui/StatCard';

/** 'DETALLE ESTADO': beneficiaries whose bonus a teacher or director collected, validated, to validate. */
export function DetailStatus({ state }: { state: PaidInstitutionState }) {
  const { counts } = state;
  return (
    <Paper withBorder radius="md" p="md" data-testid="detail-status">
      <Group justify="space-between" mb="sm">
        <Text fw={700}>{paidMessages.detailTitle}</Text>
        <Text size="sm" c="dimmed">
          Gestión: {state.year}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatCard
          label="Total beneficiarios"
          value={formatCount(counts.total)}
          icon={<IconUsers size={18} />}
          valueTestId="count-total"
        />
        <StatCard
          label="Validados"
          value={formatCount(counts.validated)}
          description={`${formatCount(counts.delivered)} pagados · ${formatCount(counts.undelivered)} no pagados`}
          icon={<IconChecklist size={18} />}
          color="green"
          valueTestId="count-validated"
        />
        <StatCard
          label="Por validar"
          value={formatCount(counts.pending)}
          icon={<IconHourglass size={18} />}
          color="orange"
          valueTestId="count-pending"
        />
      </SimpleGrid>
      {state.consolidation && (
        <Text size="sm" c="dimmed" mt="xs" data-testid="declared-note">
          Cifras de la declaración consolidada.
          {state.paidAfterDeclaration > 0 &&
            ` Además, ${formatCount(state.paidAfterDeclaration)} estudiante(s) pagado(s) por el banco a un maestro o director después de la consolidación no figuran en ella: se listan en 'Conciliación Banco – DDJJ'.`}
        </Text>
      )}
    </Paper>
  );
}
