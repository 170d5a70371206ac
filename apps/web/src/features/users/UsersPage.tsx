import { SEARCH_MAX_LENGTH, type UserRow, userTabs } from '@bjp/domain';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useSessionUser } from '../../app/auth/session';
import { PageHeader } from '../../ui/PageHeader';
import { TabbedSearchList } from '../../ui/TabbedSearchList';
import { urlParam } from '../../ui/url-state';
import { useUrlState, useUrlText } from '../../ui/use-url-state';
import { RolesDialog } from './RolesDialog';
import { UserListPanel } from './UserListPanel';

/** The tab, the search and the page in the address (?tab=&q=&page=). */
const usersParams = {
  tab: urlParam.oneOf(
    userTabs.map((t) => t.id),
    userTabs[0].id,
  ),
  q: urlParam.text({ max: SEARCH_MAX_LENGTH }),
  page: urlParam.page(),
};

export function UsersPage() {
  const user = useSessionUser();
  const canManage = user?.permissions.includes('users.manage') ?? false;
  const [{ tab, q, page }, set] = useUrlState(usersParams);
  const [search, setSearch] = useUrlText(q, (text) => set({ q: text }));
  const [rolesOf, setRolesOf] = useState<UserRow | null>(null);

  return (
    <Stack>
      <PageHeader title="Lista de Usuarios" breadcrumbs={['Usuarios']} />
      <TabbedSearchList
        tabs={userTabs}
        tab={tab}
        onTabChange={(value) => set({ tab: usersParams.tab.parse(value) })}
        search={search}
        onSearchChange={setSearch}
        searchPlaceholder="Buscar por nombre o usuario"
        searchLabel="Buscar usuarios"
      >
        {(id) => (
          <UserListPanel
            tab={id}
            search={q}
            page={page}
            onPageChange={(next) => set({ page: next })}
            canManage={canManage}
            onOpenRoles={setRolesOf}
          />
        )}
      </TabbedSearchList>
      <RolesDialog user={rolesOf} canEdit={canManage} onClose={() => setRolesOf(null)} />
    </Stack>
  );
}
