import { boliviaDateTimeText, type ParticipantRow } from '@bjp/domain';
import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import type { Column } from '../../../ui/DataTable';

/** The participants list's columns; `open` shows one participant's detail. */
export function participantColumns(open: (id: number) => void): Column<ParticipantRow>[] {
  return [
    {
      key: 'name',
      header: 'Participante',
      render: (p) => (
        <Stack gap={2}>
          <Anchor component="button" type="button" size="sm" fw={500} ta="left" onClick={() => open(p.id)}>
            {p.fullName}
          </Anchor>
          <Text size="xs" c="dimmed">
            {p.nationality === 2 ? 'Doc.' : 'CI'} {p.document}
          </Text>
        </Stack>
      ),
    },
    { key: 'institution', header: 'Institución', render: (p) => p.institution },
    { key: 'department', header: 'Departamento', render: (p) => p.department },
    {
      key: 'contact',
      header: 'Contacto',
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm">{p.phone}</Text>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {p.email}
          </Text>
        </Stack>
      ),
    },
    { key: 'enrolledAt', header: 'Inscrito el', render: (p) => boliviaDateTimeText(p.enrolledAt) },
    { key: 'files', header: 'Archivos', align: 'center', render: (p) => p.files },
    {
      key: 'status',
      header: 'Estado',
      width: 110,
      render: (p) =>
        p.status === 'active' ? (
          <Badge color="green" variant="light" miw={84}>
            Vigente
          </Badge>
        ) : (
          <Badge color="red" variant="light" miw={84}>
            Anulada
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: 'Acciones',
      render: (p) => (
        <Button size="xs" variant="light" onClick={() => open(p.id)}>
          Ver detalle
        </Button>
      ),
    },
  ];
}
