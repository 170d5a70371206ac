import { type EventFileKind, type EventHistory, formatDateTime } from '@bjp/domain';
import {
  Alert,
  Anchor,
  Badge,
  Center,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { errorMessage } from '../../../app/api';
import { apiPath } from '../../../app/api-path';
import { downloadFile } from '../../../ui/download';
import { notifyError } from '../../../ui/notify';
import { WideTable } from '../../../ui/WideTable';
import { useEventHistory } from '../api';
import { fieldLabels, historySide, kindLabels, show } from './history-values';

const actionLabels: Record<string, string> = {
  'event.create': 'Registro',
  'event.update': 'Edición',
  'event.send': 'Enviado a comunicación',
  'event.conclude': 'Concluido',
  'event.cancel': 'Desactivado',
};
const when = (iso: string) => formatDateTime(iso);

function Changes({ changes }: { changes: EventHistory['changes'] }) {
  return (
    <Timeline bulletSize={14} lineWidth={2}>
      {changes.map((c) => (
        <Timeline.Item key={`${c.at}-${c.action}`} title={actionLabels[c.action] ?? c.action}>
          <Text size="xs" c="dimmed">
            {when(c.at)} · {c.userName ?? 'Sistema'}
          </Text>
          {c.fields.length > 0 && (
            <Stack gap={2} mt={4}>
              {c.fields.map((f) => (
                <Text key={f.field} size="sm">
                  <b>{fieldLabels[f.field] ?? f.field}:</b>{' '}
                  {f.field === 'files'
                    ? show(f.after)
                    : `${historySide(f, 'before')} → ${historySide(f, 'after')}`}
                </Text>
              ))}
            </Stack>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** 'Historial': who changed the event and what, and every version of its files, each downloadable. */
export function HistoryModal({
  eventId,
  title,
  onClose,
}: {
  eventId: number | null;
  title: string;
  onClose: () => void;
}) {
  const history = useEventHistory(eventId);
  const download = (kind: EventFileKind, version: number, name: string) => {
    if (eventId === null) return;
    const path = apiPath('/events/{id}/files/{kind}/versions/{version}', { id: eventId, kind, version });
    downloadFile(path, name).catch((e) => notifyError(errorMessage(e)));
  };
  return (
    <Modal opened={eventId !== null} onClose={onClose} title={`Historial — ${title}`} size="lg" centered>
      {history.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(history.error)}
        </Alert>
      ) : !history.data ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : (
        <Stack>
          <Title order={5}>Cambios</Title>
          <Changes changes={history.data.changes} />
          <Title order={5}>Archivos</Title>
          {history.data.files.length === 0 ? (
            <Text size="sm" c="dimmed">
              El evento no tiene archivos.
            </Text>
          ) : (
            <WideTable minWidth={420}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Archivo</Table.Th>
                    <Table.Th>Versión</Table.Th>
                    <Table.Th>Subido</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {history.data.files.map((f) => (
                    <Table.Tr key={`${f.kind}-${f.version}`}>
                      <Table.Td>
                        <Text size="xs" c="dimmed">
                          {kindLabels[f.kind]}
                        </Text>
                        <Anchor
                          component="button"
                          size="sm"
                          onClick={() => download(f.kind, f.version, f.originalName)}
                        >
                          {f.originalName}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        v{f.version}{' '}
                        {f.current && (
                          <Badge size="xs" variant="light" color="green">
                            vigente
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs">{when(f.createdAt)}</Text>
                        <Text size="xs" c="dimmed">
                          {f.userName ?? '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </WideTable>
          )}
        </Stack>
      )}
    </Modal>
  );
}
