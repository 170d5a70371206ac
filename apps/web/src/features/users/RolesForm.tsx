import {
  effectiveRoles,
  permissionsFor,
  type RoleName,
  rolesOfferedTo,
  roleTable,
  type UserRow,
  userKindLabels,
  userKindOf,
} from '@bjp/domain';
import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../ui/notify';
import { SubmitError } from '../../ui/SubmitError';
import { useSaveUserRoles } from './api';
import { EffectivePermissions } from './EffectivePermissions';
import { grantsText, notOfferedNotes } from './role-texts';

type Props = { user: UserRow; initialRoles: string[]; canEdit: boolean; onClose: () => void };

/**
 * One switch per role that fits the user's kind (roles.ts), each with what it does and grants, and
 * the permissions the user would have after saving. Editable only with 'users.manage'.
 */
export function RolesForm({ user, initialRoles, canEdit, onClose }: Props) {
  const offered = rolesOfferedTo(user);
  const start = effectiveRoles({ ...user, roles: initialRoles });
  const [roles, setRoles] = useState<RoleName[]>(start);
  const save = useSaveUserRoles();
  const toggle = (role: RoleName, on: boolean) =>
    setRoles((current) => (on ? [...current, role] : current.filter((r) => r !== role)));

  const submit = async () => {
    try {
      await save.mutateAsync({ id: user.id, roles: offered.filter((r) => roles.includes(r)) });
      notifySuccess('Roles actualizados.');
      onClose();
    } catch {
      // Shown above the buttons (SubmitError), inside the dialog.
    }
  };

  const kind = userKindOf(user);
  return (
    <Stack>
      {!canEdit && offered.length > 0 && (
        <Text size="sm" c="dimmed">
          Solo lectura: su usuario no puede cambiar roles.
        </Text>
      )}
      {offered.length === 0 ? (
        <Alert variant="light" color="gray" title="Sin roles que asignar">
          A un usuario {userKindLabels[kind]} no se le asignan roles: sus permisos vienen de su perfil.
        </Alert>
      ) : (
        <Stack gap="md">
          {offered.map((role) => (
            <Switch
              key={role}
              label={role}
              description={
                <>
                  {roleTable[role].description}
                  <br />
                  {grantsText(role)}
                </>
              }
              checked={roles.includes(role)}
              disabled={!canEdit || save.isPending}
              onChange={(e) => toggle(role, e.currentTarget.checked)}
            />
          ))}
        </Stack>
      )}
      <EffectivePermissions
        now={permissionsFor({ ...user, roles: start })}
        after={permissionsFor({ ...user, roles })}
        isDirector={kind === 'director'}
      />
      <Text size="xs" c="dimmed">
        No se ofrecen: {notOfferedNotes().join(' ')}
      </Text>
      <SubmitError error={save.error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {canEdit && offered.length > 0 ? 'Cancelar' : 'Cerrar'}
        </Button>
        {canEdit && offered.length > 0 && (
          <Button onClick={submit} loading={save.isPending}>
            Guardar
          </Button>
        )}
      </Group>
    </Stack>
  );
}
