import { formatDateTime, LOGIN_LOCKS_PAGE_SIZE, type LoginLockRow } from '@bjp/domain';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../app/api';
import type { Column } from '../../ui/DataTable';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { QueryTable } from '../../ui/QueryTable';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { useLiftLoginLock, useLoginLocks } from './login-locks-api';

const lockParams = { page: urlParam.page() };

/**
 * 'Accesos bloqueados' (issue 34, decision 051): the logins waiting after repeated failures, by
 * username and address or by address alone, each with 'Desbloquear'; and the accounts many
 * addresses are trying, so the administrator sees an attack that locks nobody out.
 */
export function LoginLocksPage() {
  const [{ page }, set] = useUrlState(lockParams);
  const list = useLoginLocks(page);
  const lift = useLiftLoginLock();

  const columns: Column<LoginLockRow>[] = [
    {
      key: 'username',
      header: 'Usuario',
      render: (r) => r.username ?? <Badge variant="light">Toda la dirección</Badge>,
    },
    { key: 'address', header: 'Dirección', render: (r) => r.address },
    { key: 'failures', header: 'Intentos fallidos', align: 'right', render: (r) => r.failures },
    { key: 'lockedUntil', header: 'Bloqueado hasta', render: (r) => formatDateTime(r.lockedUntil) },
    {
      key: 'lift',
      header: '',
      align: 'right',
      render: (r) => (
        <Button
          size="xs"
          variant="light"
          loading={lift.isPending && lift.variables?.address === r.address}
          onClick={() =>
            lift.mutate(
              { username: r.username, address: r.address },
              {
                onSuccess: () => notifySuccess('Bloqueo levantado.'),
                onError: (error) => notifyError(errorMessage(error)),
              },
            )
          }
        >
          Desbloquear
        </Button>
      ),
    },
  ];

  const underAttack = list.data?.underAttack ?? [];
  return (
    <Stack>
      <PageHeader
        title="Accesos bloqueados"
        breadcrumbs={['Administrar', 'Accesos bloqueados']}
        description="Tras 5 intentos fallidos de un usuario desde una dirección, esa dirección espera antes de volver a intentar (1, 2, 4… hasta 30 minutos). Quien ya ingresó antes desde una dirección nunca queda bloqueado por los errores de otros."
      />
      <Paper withBorder radius="md" p="md">
        <QueryTable
          query={list}
          columns={columns}
          rowKey={(r) => `${r.username ?? ''}@${r.address}`}
          page={page}
          pageSize={LOGIN_LOCKS_PAGE_SIZE}
          onPageChange={(next) => set({ page: next })}
          emptyText="No hay accesos bloqueados."
          data-testid="login-locks-table"
        />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={4} mb="sm">
          Cuentas bajo ataque (última hora)
        </Title>
        {underAttack.length === 0 ? (
          <Text c="dimmed">Ninguna cuenta con muchos intentos fallidos.</Text>
        ) : (
          underAttack.map((a) => (
            <Group key={a.username} justify="space-between" data-testid="under-attack">
              <Text fw={500}>{a.username}</Text>
              <Text size="sm">
                {a.failures} intentos desde {a.addresses} {a.addresses === 1 ? 'dirección' : 'direcciones'}
              </Text>
            </Group>
          ))
        )}
      </Paper>
    </Stack>
  );
}
