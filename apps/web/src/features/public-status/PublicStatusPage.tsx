import { formatDate, type PublicStatusResponse, publicStatusAdvice, publicStatusMessages } from '@bjp/domain';
import { Alert, Badge, Button, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorMessage, isApiError } from '../../app/api';
import { WideTable } from '../../ui/WideTable';

const statusColor: Record<PublicStatusResponse['status'], string> = {
  COBRADO: 'green',
  OBSERVADO: 'red',
  SUSPENDIDO: 'grape',
  HABILITADO: 'blue',
  PENDIENTE_TITULAR: 'orange',
  SIN_TITULAR: 'orange',
  BAJA: 'gray',
};

/** /public/consulta: a family checks one student's bonus with RUDE and birth date; no login. */
export function PublicStatusPage() {
  const [rude, setRude] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lookup = useMutation({
    mutationFn: (body: { rude: string; birthDate: string }) =>
      api.post('/public/student-status', { body, auth: false }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = rude.trim().toUpperCase();
    if (!code) return setError('Ingrese RUDE estudiante');
    if (!birthDate) return setError('Ingrese la fecha de nacimiento.');
    setError(null);
    lookup.mutate({ rude: code, birthDate });
  };

  const result = lookup.data;
  const failure = lookup.isError
    ? isApiError(lookup.error) && lookup.error.status === 404
      ? publicStatusMessages.notFound
      : errorMessage(lookup.error)
    : null;
  return (
    <Stack maw={560} mx="auto">
      <Title order={2} ta="center">
        Consulta del Bono Juancito Pinto
      </Title>
      <Text c="dimmed" ta="center" size="sm">
        Ingrese el código RUDE y la fecha de nacimiento del estudiante para conocer el estado de su bono.
      </Text>
      <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Código RUDE"
            value={rude}
            onChange={(e) => setRude(e.currentTarget.value.toUpperCase())}
            maxLength={20}
            autoComplete="off"
          />
          <TextInput
            label="Fecha de nacimiento"
            type="date"
            value={birthDate}
            onChange={(e) => setBirthDate(e.currentTarget.value)}
          />
          {error && (
            <Text c="red.9" size="sm">
              {error}
            </Text>
          )}
          <Button type="submit" loading={lookup.isPending}>
            Consultar
          </Button>
        </Stack>
      </Paper>
      {failure && <Alert color="red">{failure}</Alert>}
      {result && !lookup.isPending && (
        <Paper withBorder radius="md" p="lg" data-testid="public-status-result">
          <Stack gap="xs">
            <Badge size="lg" color={statusColor[result.status]} w="fit-content">
              {result.statusLabel}
            </Badge>
            {publicStatusAdvice[result.status] && (
              <Text size="sm" data-testid="public-status-advice">
                {publicStatusAdvice[result.status]}
              </Text>
            )}
            <Table>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th>RUDE</Table.Th>
                  <Table.Td>{result.rude}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Gestión</Table.Th>
                  <Table.Td>{result.year}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{result.status === 'COBRADO' ? 'Pagado por' : 'Punto de cobro'}</Table.Th>
                  <Table.Td>{result.collectionPoint ?? '—'}</Table.Td>
                </Table.Tr>
                {result.paidOn && (
                  <Table.Tr>
                    <Table.Th>Fecha de cobro</Table.Th>
                    <Table.Td>{formatDate(result.paidOn)}</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Stack>
        </Paper>
      )}
      {result && !lookup.isPending && result.closedYears.length > 0 && (
        <Paper withBorder radius="md" p="lg" data-testid="public-status-closed-years">
          <Stack gap="xs">
            <Text fw={600}>Gestiones anteriores</Text>
            <WideTable minWidth={520} label="Gestiones anteriores">
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Gestión</Table.Th>
                    <Table.Th>Estado</Table.Th>
                    <Table.Th>Pagado por / punto de cobro</Table.Th>
                    <Table.Th>Fecha de cobro</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.closedYears.map((y) => (
                    <Table.Tr key={y.year}>
                      <Table.Td>{y.year}</Table.Td>
                      <Table.Td>
                        <Badge color={statusColor[y.status]} variant="light">
                          {y.statusLabel}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{y.collectionPoint ?? '—'}</Table.Td>
                      <Table.Td>{y.paidOn ? formatDate(y.paidOn) : '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </WideTable>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
