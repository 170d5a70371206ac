import { messages, removalMessages } from '@bjp/domain';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../app/api';
import { CodeFinder } from '../../ui/CodeFinder';
import { PageHeader } from '../../ui/PageHeader';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { InstitutionBrowser, institutionParams } from '../structure';
import { useMyDepartment, useRemovalDepartment } from './api';
import { RemovalFinder } from './RemovalFinder';
import { RemovalHistory, RemovalStudents } from './RemovalTables';

/** The admin's department (?department=), so a reload keeps it; another one drops the school chosen. */
const departmentParams = {
  department: urlParam.int({ max: 9 }),
  ...institutionParams,
  // The department's history page (RemovalHistory's key) starts again too.
  rpage: urlParam.page(),
};

/**
 * Baja Beneficiarios. The admin variant searches a department by code; the department variant takes
 * the user's department from the session (the server, never the client, decides which it is).
 */
function RemovalsPage({ variant }: { variant: 'admin' | 'depto' }) {
  const [{ department: code }, set] = useUrlState(departmentParams);
  const setCode = (department: number | null) => set({ department, sie: null, course: '' });
  const mine = useMyDepartment(variant === 'depto');
  const searched = useRemovalDepartment(variant === 'admin' ? code : null);
  const department = variant === 'admin' ? searched : mine;
  const place = department.data;
  return (
    <Stack>
      <PageHeader title="Baja Beneficiarios" breadcrumbs={['Baja Beneficiario']} />
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          {variant === 'admin' && !place ? (
            <CodeFinder
              label="Código de Departamento"
              emptyMessage={messages.enterDepartment}
              onSearch={(v) => setCode(Number(v))}
              loading={department.isFetching}
              maxLength={1}
            />
          ) : (
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                Departamento
              </Text>
              <Title order={4}>{place ? `${place.departmentId} - ${place.name}` : '…'}</Title>
            </Stack>
          )}
          <Group gap="md">
            <Text size="sm" fw={600}>
              Estudiantes
            </Text>
            <Text size="sm" c="dimmed">
              Gestión: {place?.year ?? '…'}
            </Text>
            {variant === 'admin' && place && (
              <Button variant="subtle" size="xs" onClick={() => setCode(null)}>
                Cambiar Departamento
              </Button>
            )}
          </Group>
        </Group>
        {department.isError && (
          <Alert color="red" mt="sm">
            {errorMessage(department.error, removalMessages.invalidUser)}
          </Alert>
        )}
      </Paper>
      {place && (
        <>
          <RemovalFinder departmentId={place.departmentId} />
          <InstitutionBrowser mode="code" finderNote={`Instituciones del departamento ${place.name}.`}>
            {({ sie, card, selection }) =>
              card.departmentId === place.departmentId ? (
                <RemovalStudents key={`${sie}-${selection?.label ?? ''}`} sie={sie} selection={selection} />
              ) : (
                <Alert color="yellow">{removalMessages.notInDepartment}</Alert>
              )
            }
          </InstitutionBrowser>
          <RemovalHistory departmentId={place.departmentId} />
        </>
      )}
    </Stack>
  );
}

export const RemovalsAdminPage = () => <RemovalsPage variant="admin" />;
export const RemovalsDepartmentPage = () => <RemovalsPage variant="depto" />;
