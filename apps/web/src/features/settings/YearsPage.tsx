import { formatBOB, formatDate, formatDateTime, type ProgrammeYearRow } from '@bjp/domain';
import { Alert, Anchor, Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../app/api';
import { PageHeader } from '../../ui/PageHeader';
import { WideTable } from '../../ui/WideTable';
import { useYears } from './api';
import { OpenYearForm } from './OpenYearForm';

const registrationWindow = (y: ProgrammeYearRow) =>
  y.registrationStartsOn && y.registrationEndsOn
    ? `${formatDate(y.registrationStartsOn)} – ${formatDate(y.registrationEndsOn)}`
    : '—';

function YearsTable({ years }: { years: ProgrammeYearRow[] }) {
  const headers = [
    'Gestión',
    'Estado',
    'Monto por estudiante',
    'Fecha límite directores',
    'Inicio calendario',
    'Registro de titulares',
    'Cerrada',
  ];
  return (
    <WideTable minWidth={880}>
      <Table striped withTableBorder verticalSpacing="xs" data-testid="years-table">
        <Table.Thead>
          <Table.Tr>
            {headers.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {years.map((y) => (
            <Table.Tr key={y.year}>
              <Table.Td fw={600}>{y.year}</Table.Td>
              <Table.Td>
                {y.closed ? (
                  <Badge color="gray" variant="light">
                    Cerrada · solo consulta
                  </Badge>
                ) : (
                  <Badge color="green" variant="light">
                    Abierta
                  </Badge>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBOB(y.amountPerStudent)}</Table.Td>
              <Table.Td>{formatDate(y.directorDeadline)}</Table.Td>
              <Table.Td>{formatDate(y.calendarStart)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{registrationWindow(y)}</Table.Td>
              <Table.Td>
                {y.closed ? (
                  <Stack gap={0}>
                    <Text size="sm">{y.closedBy ?? 'Carga inicial'}</Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(y.closedAt)}
                    </Text>
                  </Stack>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}

/**
 * 'Administrar / Gestiones' (issue 18): every programme year with its settings, and opening the
 * next one; the open year then becomes read-only and its roll comes by 'Importar Datos'.
 */
export function YearsPage() {
  const years = useYears();
  const [opened, setOpened] = useState<number | null>(null);
  const open = years.data?.items.find((y) => !y.closed);
  return (
    <Stack>
      <PageHeader
        title="Gestiones"
        breadcrumbs={['Administrar', 'Gestiones']}
        description="Cada gestión del bono con sus parámetros. Las gestiones cerradas solo se consultan."
      />
      {years.isError && <Alert color="red">{errorMessage(years.error)}</Alert>}
      {opened !== null && (
        <Alert color="green" title={`Gestión ${opened} abierta`}>
          El siguiente paso es cargar su padrón de estudiantes en{' '}
          <Anchor component={Link} to="/admin/imports" underline="always">
            Importar Datos
          </Anchor>
          : sin padrón, la gestión {opened} no tiene estudiantes.
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        {years.data ? <YearsTable years={years.data.items} /> : <Text c="dimmed">Cargando…</Text>}
      </Paper>
      {open && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Title order={3} size="h4">
              Abrir gestión {open.year + 1}
            </Title>
            <Text size="sm" c="dimmed">
              Al abrirla, la gestión {open.year} se cierra y queda solo para consulta. Después importe el
              padrón de la nueva gestión en{' '}
              <Anchor component={Link} to="/admin/imports" size="sm" underline="always">
                Importar Datos
              </Anchor>
              .
            </Text>
            <OpenYearForm key={open.year} open={open} onOpened={setOpened} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
