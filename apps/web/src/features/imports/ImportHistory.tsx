import { formatDateTime, importKindNames } from '@bjp/domain';
import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Pager } from '../../ui/Pager';
import { useImportHistory } from './api';
import { stateLabels } from './labels';

/** The import history, newest first, paged on the server. */
export function ImportHistory() {
  const [page, setPage] = useState(1);
  const history = useImportHistory(page);
  const data = history.data;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Historial de importaciones
        </Title>
        {data && data.total === 0 && <Text c="dimmed">Todavía no se importó ningún archivo.</Text>}
        {data && data.total > 0 && (
          <>
            <Table.ScrollContainer minWidth={900}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Fecha</Table.Th>
                    <Table.Th>Tipo</Table.Th>
                    <Table.Th>Archivo</Table.Th>
                    <Table.Th>SHA-256</Table.Th>
                    <Table.Th>Usuario</Table.Th>
                    <Table.Th>Filas</Table.Th>
                    <Table.Th>Nuevos</Table.Th>
                    <Table.Th>Modificados</Table.Th>
                    <Table.Th>Sin cambios</Table.Th>
                    <Table.Th>Rechazados / errores</Table.Th>
                    <Table.Th>Estado</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((item) => {
                    const c = item.result ?? item.counts;
                    return (
                      <Table.Tr key={item.id}>
                        <Table.Td>{formatDateTime(item.createdAt)}</Table.Td>
                        <Table.Td>{importKindNames[item.kind]}</Table.Td>
                        <Table.Td>{item.fileName}</Table.Td>
                        <Table.Td title={item.sha256}>{item.sha256.slice(0, 12)}…</Table.Td>
                        <Table.Td>{item.by ?? '—'}</Table.Td>
                        <Table.Td>{c.rows}</Table.Td>
                        <Table.Td>{c.new}</Table.Td>
                        <Table.Td>{c.changed}</Table.Td>
                        <Table.Td>{c.unchanged}</Table.Td>
                        <Table.Td>
                          {c.refused} / {c.errors}
                        </Table.Td>
                        <Table.Td>
                          <Badge
                            color={item.state === 'done' ? 'green' : item.state === 'failed' ? 'red' : 'gray'}
                          >
                            {stateLabels[item.state]}
                          </Badge>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
          </>
        )}
      </Stack>
    </Card>
  );
}
