import { SEARCH_MAX_LENGTH, type UserRow, userTabs } from '@bjp/domain';
import { Paper, Stack, Tabs, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSessionUser } from '../../app/auth/session';
import { PageHeader } from '../../ui/PageHeader';
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
      <Paper withBorder radius="md" p="md">
        <Tabs
          value={tab}
          onChange={(value) => set({ tab: usersParams.tab.parse(value) })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            {userTabs.map((t) => (
              <Tabs.Tab key={t.id} value={t.id}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <TextInput
            mb="md"
            maw={360}
            leftSection={<IconSearch size={16} />}
            placeholder="Buscar por nombre o usuario"
            aria-label="Buscar usuarios"
            maxLength={SEARCH_MAX_LENGTH}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          {userTabs.map((t) => (
            <Tabs.Panel key={t.id} value={t.id}>
              <UserListPanel
                tab={t.id}
                search={q}
                page={page}
                onPageChange={(next) => set({ page: next })}
                canManage={canManage}
                onOpenRoles={setRolesOf}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
      <RolesDialog user={rolesOf} canEdit={canManage} onClose={() => setRolesOf(null)} />
    </Stack>
  );
}
