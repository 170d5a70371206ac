import { type EnrollmentFormRow, formatDateTime } from '@bjp/domain';
import { Alert, Badge, Box, Button, Group, Loader, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../app/api';
import { SpanishDates } from '../../../ui/SpanishDates';
import { WideTable } from '../../../ui/WideTable';
import { PreviewForm } from '../builder/PreviewModal';
import { useFormDetail, useFormVersion } from '../forms-api';

/** One version as participants saw it: the public page's renderer, every input disabled. */
function VersionPreview({
  formId,
  version,
  onBack,
}: {
  formId: number;
  version: number;
  onBack: () => void;
}) {
  const saved = useFormVersion(formId, version);
  return (
    <Stack>
      <Group justify="space-between">
        <Button variant="default" size="xs" leftSection={<IconArrowLeft size={14} />} onClick={onBack}>
          Volver a las versiones
        </Button>
        {saved.data && (
          <Text size="sm" c="dimmed">
            Versión {saved.data.version} · {formatDateTime(saved.data.createdAt)} ·{' '}
            {saved.data.createdBy ?? 'sin autor registrado'}
          </Text>
        )}
      </Group>
      {saved.isError && (
        <Alert color="red" variant="light">
          {errorMessage(saved.error)}
        </Alert>
      )}
      {saved.isPending && <Loader size="sm" />}
      {saved.data && (
        <Paper withBorder p="md" data-testid="version-preview">
          <SpanishDates>
            {/* A disabled fieldset: the preview is for reading, nothing in it can be typed or sent. */}
            <Box component="fieldset" disabled style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              <PreviewForm name={saved.data.name} definition={saved.data.definition} device="pc" />
            </Box>
          </SpanishDates>
        </Paper>
      )}
    </Stack>
  );
}

/** 'Versiones': every saved version of a form, newest first, with when and by whom, and a preview of each. */
export function VersionsModal({ form, onClose }: { form: EnrollmentFormRow | null; onClose: () => void }) {
  const detail = useFormDetail(form?.id ?? null);
  const [shown, setShown] = useState<number | null>(null);
  const close = () => {
    setShown(null);
    onClose();
  };
  return (
    <Modal opened={form !== null} onClose={close} title={`Versiones de «${form?.name ?? ''}»`} size="xl">
      {form && shown !== null ? (
        <VersionPreview formId={form.id} version={shown} onBack={() => setShown(null)} />
      ) : (
        <Stack>
          <Text size="sm" c="dimmed">
            Cada edición guardada es una versión nueva. Los eventos conservan la versión con la que se
            crearon; los nuevos usan la última.
          </Text>
          {detail.isError && (
            <Alert color="red" variant="light">
              {errorMessage(detail.error)}
            </Alert>
          )}
          {detail.isPending && <Loader size="sm" />}
          {detail.data && (
            // Three columns, the details stacked, so the 'Ver' button stays in sight on a phone.
            <WideTable>
              <Table striped verticalSpacing="xs" data-testid="versions-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={120}>Versión</Table.Th>
                    <Table.Th>Guardada</Table.Th>
                    <Table.Th w={70} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {detail.data.versions.map((v) => (
                    <Table.Tr key={v.version}>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          {v.version}
                          {v.version === detail.data.version && (
                            <Badge size="xs" variant="light">
                              última
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{v.name}</Text>
                        <Text size="xs" c="dimmed">
                          {formatDateTime(v.createdAt)} · {v.createdBy ?? 'sin autor registrado'} ·{' '}
                          {v.fieldCount} {v.fieldCount === 1 ? 'campo' : 'campos'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-xs"
                          variant="light"
                          leftSection={<IconEye size={14} />}
                          onClick={() => setShown(v.version)}
                          aria-label={`Ver versión ${v.version}`}
                        >
                          Ver
                        </Button>
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
