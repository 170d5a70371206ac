import { messages, type UserRow } from '@bjp/domain';
import { Switch } from '@mantine/core';
import { isApiError } from '../../app/api';
import { confirmAction, showErrorDialog } from '../../ui/ConfirmDialog';
import { useSetUserAccess } from './api';

type Props = { user: UserRow; canManage: boolean };

/** The 'Activo' column: asks '¿Está Seguro?' and then sets the access the switch shows. */
export function AccessSwitch({ user, canManage }: Props) {
  const setAccess = useSetUserAccess();
  const next = !user.hasAccess;

  const change = async () => {
    const confirmed = await confirmAction({
      message: next
        ? `Se habilitará el acceso del usuario ${user.username}.`
        : `Se quitará el acceso del usuario ${user.username}.`,
    });
    if (!confirmed) return;
    // Awaited rather than per-call callbacks: the row may re-render or unmount while the list
    // refreshes, and the failure dialog must still appear.
    try {
      await setAccess.mutateAsync({ id: user.id, hasAccess: next });
    } catch (error) {
      // A refusal the server explains ('No puede desactivar su propio usuario.') is shown as it says;
      // a failure it does not explain keeps the specification's text.
      const explained = isApiError(error) && error.status >= 400 && error.status < 500;
      showErrorDialog(explained ? error.message : messages.toggleUserFailed, messages.toggleUserFailed);
    }
  };

  return (
    <Switch
      checked={user.hasAccess}
      onChange={change}
      disabled={!canManage || setAccess.isPending}
      color="green"
      aria-label={`Acceso de ${user.username}`}
      data-testid={`access-${user.id}`}
    />
  );
}
