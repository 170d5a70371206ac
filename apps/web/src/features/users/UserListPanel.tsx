import { USERS_PAGE_SIZE, type UserRow, type UserTab } from '@bjp/domain';
import { Alert, Button } from '@mantine/core';
import { errorMessage } from '../../app/api';
import { type Column, DataTable } from '../../ui/DataTable';
import { AccessSwitch } from './AccessSwitch';
import { useUserList } from './api';

type Props = {
  tab: UserTab;
  search: string;
  page: number;
  onPageChange: (page: number) => void;
  canManage: boolean;
  onOpenRoles: (user: UserRow) => void;
};

/** One tab of 'Lista de Usuarios': a server-paged table of 25 rows. */
export function UserListPanel({ tab, search, page, onPageChange: setPage, canManage, onOpenRoles }: Props) {
  const list = useUserList({ tab, page, search });

  const columns: Column<UserRow>[] = [
    { key: 'id', header: 'Id', render: (u) => u.id, width: 90 },
    { key: 'fullName', header: 'Nombre Completo', render: (u) => u.fullName },
    { key: 'username', header: 'Usuario', render: (u) => u.username },
    {
      key: 'roles',
      header: 'Rol',
      render: (u) => (
        <Button size="compact-xs" variant="light" onClick={() => onOpenRoles(u)}>
          {u.roles.length > 0 ? u.roles.join(', ') : 'Sin rol'}
        </Button>
      ),
    },
    {
      key: 'access',
      header: 'Activo',
      align: 'center',
      width: 90,
      render: (u) => <AccessSwitch user={u} canManage={canManage} />,
    },
  ];

  if (list.isError) {
    return (
      <Alert color="red" variant="light" title="No se pudo cargar la lista">
        {errorMessage(list.error)}
      </Alert>
    );
  }

  return (
    <DataTable
      columns={columns}
      rows={list.data?.items ?? []}
      rowKey={(u) => u.id}
      page={list.data?.page ?? page}
      pageSize={list.data?.pageSize ?? USERS_PAGE_SIZE}
      total={list.data?.total ?? 0}
      onPageChange={setPage}
      // Overlay only while another page or search loads, not during the refresh after a change.
      loading={list.isPending || list.isPlaceholderData}
      emptyText={search ? 'Ningún usuario coincide con la búsqueda.' : 'No hay usuarios en esta lista.'}
      data-testid={`users-table-${tab}`}
    />
  );
}
