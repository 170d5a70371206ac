import { type RoleName, roleNames } from '@bjp/domain';
import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useSaveUserRoles } from './api';

type Props = { userId: number; initialRoles: string[]; canEdit: boolean; onClose: () => void };

const isRoleName = (role: string): role is RoleName => (roleNames as readonly string[]).includes(role);

/** One switch per role of the roles dialog; editable only with 'users.manage'. */
export function RolesForm({ userId, initialRoles, canEdit, onClose }: Props) {
  const [roles, setRoles] = useState<RoleName[]>(initialRoles.filter(isRoleName));
  const save = useSaveUserRoles();
  const toggle = (role: RoleName, on: boolean) =>
    setRoles((current) => (on ? [...current, role] : current.filter((r) => r !== role)));

  const submit = async () => {
    try {
      await save.mutateAsync({ id: userId, roles: roleNames.filter((r) => roles.includes(r)) });
      notifySuccess('Roles actualizados.');
      onClose();
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  return (
    <Stack>
      {!canEdit && (
        <Text size="sm" c="dimmed">
          Solo lectura: su usuario no puede cambiar roles.
        </Text>
      )}
      <Stack gap="xs">
        {roleNames.map((role) => (
          <Switch
            key={role}
            label={role}
            checked={roles.includes(role)}
            disabled={!canEdit || save.isPending}
            onChange={(e) => toggle(role, e.currentTarget.checked)}
          />
        ))}
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {canEdit ? 'Cancelar' : 'Cerrar'}
        </Button>
        {canEdit && (
          <Button onClick={submit} loading={save.isPending}>
            Guardar
          </Button>
        )}
      </Group>
    </Stack>
  );
}
