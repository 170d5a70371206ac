import { SEARCH_MAX_LENGTH, type UserRow, type UserTab, userTabs } from '@bjp/domain';
import { Paper, Stack, Tabs, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSessionUser } from '../../app/auth/session';
import { PageHeader } from '../../ui/PageHeader';
import { RolesDialog } from './RolesDialog';
import { UserListPanel } from './UserListPanel';

const isUserTab = (value: string | null): value is UserTab => userTabs.some((t) => t.id === value);

export function UsersPage() {
  const user = useSessionUser();
  const canManage = user?.permissions.includes('users.manage') ?? false;
  const [tab, setTab] = useState<UserTab>('ministry');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 350);
  const [rolesOf, setRolesOf] = useState<UserRow | null>(null);

  return (
    <Stack>
      <PageHeader title="Lista de Usuarios" breadcrumbs={['Usuarios']} />
      <Paper withBorder radius="md" p="md">
        <Tabs value={tab} onChange={(value) => isUserTab(value) && setTab(value)} keepMounted={false}>
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
                search={debouncedSearch}
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
