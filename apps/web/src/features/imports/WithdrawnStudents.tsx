import { departments, formatDateTime } from '@bjp/domain';
import { Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Pager } from '../../ui/Pager';
import { useWithdrawn } from './api';

const yesNo = (value: boolean, yes: string) =>
  value ? (
    <Badge color="blue" variant="light">
      {yes}
    </Badge>
  ) : (
    <Text span size="sm" c="dimmed">
      No
    </Text>
  );

/**
 * 'Estudiantes retirados' (docs/imports.md): inscriptions of the open year that the last school roll
 * no longer lists. Nothing was deleted; each keeps titular, payment and declaration until someone
 * with the right acts ('Baja Beneficiario'), so the data team reviews them here, paged on the server.
 */
export function WithdrawnStudents() {
  const [page, setPage] = useState(1);
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const withdrawn = useWithdrawn({ page, departmentId, search });
  const data = withdrawn.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Estudiantes retirados {data ? `(${data.total})` : ''}
        </Title>
        <Text size="sm">
          Inscritos en la gestión que la última nómina importada ya no lista. No se borró nada: conservan
          titular, pago y declaración. Revise cada caso con la unidad educativa; solo una «Baja Beneficiario»
          los quita del programa.
        </Text>
        <form onSubmit={submit}>
          <Group align="flex-end">
            <Select
              label="Departamento"
              placeholder="Todos"
              data={departments.map((d) => ({ value: String(d.id), label: d.name }))}
              value={departmentId ? String(departmentId) : null}
              onChange={(value) => {
                setDepartmentId(value ? Number(value) : null);
                setPage(1);
              }}
              clearable
              style={{ minWidth: 180 }}
            />
            <TextInput
              label="RUDE o código SIE"
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              maxLength={100}
              style={{ minWidth: 'min(240px, 100%)' }}
            />
            <Button type="submit" variant="light" leftSection={<IconSearch size={16} />}>
              Buscar
            </Button>
          </Group>
        </form>
        {data && data.total === 0 && (
          <Text c="dimmed">
            {search || departmentId
              ? 'Ningún estudiante retirado cumple el filtro.'
              : 'Ninguna nómina importada dejó fuera a estudiantes inscritos.'}
          </Text>
        )}
        {data && data.total > 0 && (
          <>
            <Table.ScrollContainer minWidth={1000}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>RUDE</Table.Th>
                    <Table.Th>Estudiante</Table.Th>
                    <Table.Th>Unidad educativa</Table.Th>
                    <Table.Th>Departamento</Table.Th>
                    <Table.Th>Curso</Table.Th>
                    <Table.Th>Retirado el</Table.Th>
                    <Table.Th>Titular</Table.Th>
                    <Table.Th>Pagado</Table.Th>
                    <Table.Th>En DDJJ</Table.Th>
                    <Table.Th>Baja</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((item) => (
                    <Table.Tr key={item.inscriptionId}>
                      <Table.Td>{item.rude}</Table.Td>
                      <Table.Td>{item.student}</Table.Td>
                      <Table.Td>
                        {item.sie} – {item.institution}
                      </Table.Td>
                      <Table.Td>{item.department}</Table.Td>
                      <Table.Td>{item.course}</Table.Td>
                      <Table.Td>{formatDateTime(item.withdrawnAt)}</Table.Td>
                      <Table.Td>{yesNo(item.hasTitular, 'Sí')}</Table.Td>
                      <Table.Td>{yesNo(item.paid, 'Sí')}</Table.Td>
                      <Table.Td>{yesNo(item.declared, 'Sí')}</Table.Td>
                      <Table.Td>{yesNo(item.removed, 'Con baja')}</Table.Td>
                    </Table.Tr>
                  ))}
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
