import { formatCount, formatDateTime, type LastPaymentSync } from '@bjp/domain';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';

function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} c={color}>
        {formatCount(value)}
      </Text>
    </Stack>
  );
}

/**
 * The result of the last 'Sincronizar Datos de Pago de Síntesis' (issue 16): stays on the page and
 * after a reload, not only in a toast. A failed run stores nothing, so its errors count is 0.
 */
export function PaymentSyncPanel({ last }: { last: LastPaymentSync | undefined }) {
  if (!last) return null;
  if (!last.run)
    return (
      <Text size="sm" c="dimmed" data-testid="payment-sync-panel">
        Aún no se sincronizaron pagos de Síntesis.
      </Text>
    );
  const r = last.run;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="payment-sync-panel" aria-live="polite">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Última sincronización de pagos
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Count label="Nuevos" value={r.inserted} color="green.8" />
          <Count label="Cambiados" value={r.updated} color="blue.8" />
          <Count label="Sin cambios" value={r.unchanged} />
          <Count label="Errores" value={r.errors} color={r.errors > 0 ? 'red.8' : undefined} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {formatCount(r.received)} pagos informados de {formatCount(r.beneficiaries)} beneficiarios
          consultados · Terminó el {formatDateTime(r.finishedAt)}
          {r.by ? ` · por ${r.by}` : ''}
        </Text>
      </Stack>
    </Paper>
  );
}
