import { formatDate, formatDateTime, type SyncBatch } from '@bjp/domain';
import { Alert, Badge, Button, Drawer, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { useSessionUser } from '../../app/auth/session';
import { KardexModal } from '../kardex';
import { useSyncDay } from './api';
import { longDayEs } from './month-grid';
import { StepLists } from './StepLists';

const when = (iso: string | null) => formatDateTime(iso);

function BatchCard({ batch, onOpen }: { batch: SyncBatch; onOpen: (() => void) | null }) {
  const steps: Array<[string, boolean, string | null]> = [
    ['Paso 1: consolidado', batch.isSend, batch.sentAt],
    ['Paso 2: enviado a Síntesis', batch.isSendChange, batch.changedAt],
    ['Paso 3: copia recibida', batch.isSendCopy, batch.copiedAt],
  ];
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`day-batch-${batch.id}`}>
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={700}>Lote {batch.id}</Text>
          {batch.cut && <Badge variant="light">Corte {batch.cut}</Badge>}
        </Group>
        <Group gap="lg">
          <Text size="sm">
            <b>{batch.itemCount}</b> cambios consolidados
          </Text>
          <Text size="sm">
            <b>{batch.copyCount}</b> en la copia de Síntesis
          </Text>
        </Group>
        {steps.map(([label, done, at]) => (
          <Text key={label} size="sm" c={done ? undefined : 'dimmed'}>
            {done ? '✓' : '—'} {label}
            {done ? ` (${when(at)})` : ''}
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          Último paso por {batch.user || '—'}
        </Text>
        {onOpen && (
          <Group>
            <Button size="xs" variant="light" onClick={onOpen}>
              Ver cambios y Kardex
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A calendar day opened: what was synchronised that day. Who may run the synchronisation also sees
 * the batch's 'Lista Paso 1/2' (the sync page's lists), each row opening the student's Kardex.
 */
export function DayDrawer({ day, onClose }: { day: string | null; onClose: () => void }) {
  const detail = useSyncDay(day);
  const mayOpen = useSessionUser()?.permissions.includes('sync.run') ?? false;
  const [batch, setBatch] = useState<SyncBatch | null>(null);
  const [rude, setRude] = useState<string | null>(null);
  return (
    <>
      <Drawer
        opened={day !== null}
        onClose={onClose}
        position="right"
        title={day ? `Sincronización del ${longDayEs(day)}` : ''}
        data-testid="day-drawer"
      >
        {detail.isLoading && <Loader size="sm" />}
        {detail.isError && <Alert color="red">{errorMessage(detail.error)}</Alert>}
        {detail.data && detail.data.batches.length === 0 && (
          <Text c="dimmed">No se sincronizó nada este día.</Text>
        )}
        <Stack>
          {detail.data?.batches.map((b) => (
            <BatchCard key={b.id} batch={b} onOpen={mayOpen ? () => setBatch(b) : null} />
          ))}
        </Stack>
      </Drawer>
      <Modal
        opened={batch !== null}
        onClose={() => setBatch(null)}
        title={batch ? `Cambios del lote ${batch.id} (${formatDate(batch.day)})` : ''}
        size="xl"
      >
        {batch && <StepLists batch={batch.id} onKardex={setRude} />}
      </Modal>
      <KardexModal rude={rude} onClose={() => setRude(null)} />
    </>
  );
}
