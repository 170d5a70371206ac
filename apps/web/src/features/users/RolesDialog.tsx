import { type UserRow, userKindLabels, userKindOf } from '@bjp/domain';
import { Center, Loader, Modal, Text } from '@mantine/core';
import { errorMessage } from '../../app/api';
import { useUserRoles } from './api';
import { RolesForm } from './RolesForm';

type Props = { user: UserRow | null; canEdit: boolean; onClose: () => void };

/**
 * 'Roles' dialog: reflects GET /users/:id/roles (the original's switches were wired to nothing) and
 * offers only the roles that fit the user's kind, saying what each one grants.
 */
export function RolesDialog({ user, canEdit, onClose }: Props) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Roles" centered size="lg">
      {user && <RolesDialogBody key={user.id} user={user} canEdit={canEdit} onClose={onClose} />}
    </Modal>
  );
}

function RolesDialogBody({
  user,
  canEdit,
  onClose,
}: {
  user: UserRow;
  canEdit: boolean;
  onClose: () => void;
}) {
  const roles = useUserRoles(user.id);
  let body = (
    <Center py="xl">
      <Loader size="sm" aria-label="Cargando roles" />
    </Center>
  );
  if (roles.isError) body = <Text c="red.9">{errorMessage(roles.error)}</Text>;
  // Wait for this opening's own answer, then keep the form through later background refetches.
  else if (roles.data && roles.isFetchedAfterMount) {
    body = <RolesForm user={user} initialRoles={roles.data.roles} canEdit={canEdit} onClose={onClose} />;
  }
  return (
    <>
      <Text size="sm" c="dimmed" mb="md">
        {user.fullName} ({user.username}) · {userKindLabels[userKindOf(user)]}
      </Text>
      {body}
    </>
  );
}
