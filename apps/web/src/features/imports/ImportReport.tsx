import type { DryRunResult, ImportCounts } from '@bjp/domain';
import { formatCount } from '@bjp/domain';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { errorMessage } from '../../app/api';
import { apiPath } from '../../app/api-path';
import { showErrorDialog } from '../../ui/ConfirmDialog';
import { downloadFile } from '../../ui/download';
import { kindTexts } from './kinds';

/**
 * The dry run's report: the counts (beside what the confirmation wrote, once it is done) and the
 * first errors with their line, with the whole list as a spreadsheet.
 */
export function ImportReport({ report, result }: { report: DryRunResult; result: ImportCounts | null }) {
  const withdrawn = report.counts.withdrawn ?? 0;
  return (
    <Stack gap="sm">
      <Table withTableBorder style={{ maxWidth: 560 }}>
        {result && (
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th ta="right">Revisión</Table.Th>
              <Table.Th ta="right">Importado</Table.Th>
            </Table.Tr>
          </Table.Thead>
        )}
        <Table.Tbody>
          {kindTexts[report.kind].counts.map(([key, label]) => (
            <Table.Tr key={key}>
              <Table.Td>{label}</Table.Td>
              <Table.Td ta="right">{formatCount(report.counts[key] ?? 0)}</Table.Td>
              {result && <Table.Td ta="right">{formatCount(result[key] ?? 0)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {(report.errorList.length > 0 || withdrawn > 0) && (
        <Group justify="space-between">
          <Text fw={500}>
            {report.errorList.length > 0 ? 'Errores y filas rechazadas' : ''}
            {report.errorsTruncated ? ` (se muestran los primeros ${report.errorList.length})` : ''}
            {withdrawn > 0 && (
              <Text span size="sm" c="dimmed" fw={400} display="block">
                Los {formatCount(withdrawn)} estudiantes retirados se listan en la hoja «Retirados» de la
                planilla, para revisarlos: no se borran.
              </Text>
            )}
          </Text>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() =>
              downloadFile(
                apiPath('/imports/{id}/errors', { id: report.id }),
                'errores_importacion.xlsx',
              ).catch((e) => showErrorDialog(errorMessage(e)))
            }
          >
            {withdrawn > 0 ? 'Descargar errores y retirados (XLSX)' : 'Descargar errores (XLSX)'}
          </Button>
        </Group>
      )}
      {report.errorList.length > 0 && (
        <Table.ScrollContainer minWidth={600} mah={360}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Línea</Table.Th>
                <Table.Th>Columna</Table.Th>
                <Table.Th>Error</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.errorList.map((e) => (
                <Table.Tr key={`${e.line}-${e.column}-${e.message}`}>
                  <Table.Td>{e.line}</Table.Td>
                  <Table.Td>{e.column}</Table.Td>
                  <Table.Td>{e.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
