import { USERS_PAGE_SIZE, type UserRow, type UserTab } from '@bjp/domain';
import { Button } from '@mantine/core';
import type { Column } from '../../ui/DataTable';
import { QueryTable } from '../../ui/QueryTable';
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

  return (
    <QueryTable
      query={list}
      columns={columns}
      page={page}
      pageSize={USERS_PAGE_SIZE}
      onPageChange={setPage}
      // Overlay only while another page or search loads, not during the refresh after a change.
      loading={list.isPending || list.isPlaceholderData}
      emptyText={search ? 'Ningún usuario coincide con la búsqueda.' : 'No hay usuarios en esta lista.'}
      data-testid={`users-table-${tab}`}
    />
  );
}
