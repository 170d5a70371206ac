import { type EventRow, eventMessages, eventStates } from '@bjp/domain';
import { ActionIcon, Anchor, Button, Group, Menu } from '@mantine/core';
import {
  IconBan,
  IconDots,
  IconEdit,
  IconExternalLink,
  IconFlagCheck,
  IconHistory,
  IconSend,
  IconUsers,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../app/api';
import { confirmAction } from '../../../ui/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useEventTransition } from '../api';
import { EditEventModal } from '../edit/EditEventModal';
import { HistoryModal } from '../edit/HistoryModal';

/**
 * 'Editar', 'Participantes', 'Historial' and 'Desactivar' behind one menu button: editing and
 * deactivating while the event is created or active, the participants and the history always.
 */
function MoreActions({ event }: { event: EventRow }) {
  const [editing, setEditing] = useState(false);
  const [history, setHistory] = useState(false);
  const cancel = useEventTransition('cancel');
  const open = event.state === eventStates.created || event.state === eventStates.active;
  const onCancel = async () => {
    const message = `El evento "${event.title}" se desactivará: dejará de mostrarse al público y de recibir inscripciones. Esta acción no se puede deshacer.`;
    if (!(await confirmAction({ message, color: 'red' }))) return;
    cancel.mutate(event.id, {
      onSuccess: () => notifySuccess(eventMessages.cancelSuccess),
      onError: (error) => notifyError(errorMessage(error, eventMessages.cancelFailed)),
    });
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            aria-label={`Más acciones del evento ${event.id}`}
            loading={cancel.isPending}
          >
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {open && (
            <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => setEditing(true)}>
              Editar
            </Menu.Item>
          )}
          {/* Also reachable from the 'Inscritos' count; a menu entry says it in words. */}
          <Menu.Item
            leftSection={<IconUsers size={14} />}
            component={Link}
            to={`/events/list/${event.id}/participants`}
          >
            Participantes
          </Menu.Item>
          <Menu.Item leftSection={<IconHistory size={14} />} onClick={() => setHistory(true)}>
            Historial
          </Menu.Item>
          {open && (
            <Menu.Item color="red" leftSection={<IconBan size={14} />} onClick={onCancel}>
              Desactivar
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <EditEventModal eventId={editing ? event.id : null} onClose={() => setEditing(false)} />
      <HistoryModal
        eventId={history ? event.id : null}
        title={event.title}
        onClose={() => setHistory(false)}
      />
    </>
  );
}

export function EventActions({ event }: { event: EventRow }) {
  return (
    <Group gap={6} wrap="nowrap">
      <StateActions event={event} />
      <MoreActions event={event} />
    </Group>
  );
}

/** 'Enviar' on created events (only while inbox is 0), 'Concluir' and the public link on active ones. */
function StateActions({ event }: { event: EventRow }): ReactNode {
  const send = useEventTransition('send');
  const conclude = useEventTransition('conclude');

  const onSend = async () => {
    if (!(await confirmAction({ message: `Se enviará el evento "${event.title}" a comunicación.` }))) return;
    send.mutate(event.id, {
      onSuccess: () => notifySuccess(eventMessages.sendSuccess),
      onError: (error) =>
        notifyError(errorMessage(error, eventMessages.sendFailed), eventMessages.sendFailed),
    });
  };
  const onConclude = async () => {
    const message = `El evento "${event.title}" dejará de recibir inscripciones. Esta acción no se puede deshacer.`;
    if (!(await confirmAction({ message, color: 'red' }))) return;
    conclude.mutate(event.id, {
      onSuccess: () => notifySuccess(eventMessages.concludeSuccess),
      onError: (error) => notifyError(errorMessage(error, eventMessages.concludeFailed)),
    });
  };

  if (event.state === eventStates.created) {
    return (
      <Button
        size="compact-xs"
        leftSection={<IconSend size={14} />}
        disabled={event.inbox !== 0}
        loading={send.isPending}
        onClick={onSend}
        aria-label={`Enviar evento ${event.id}`}
      >
        Enviar
      </Button>
    );
  }
  if (event.state === eventStates.active) {
    return (
      <Group gap={6} wrap="nowrap">
        <Anchor component={Link} to={`/public/enrollment/${event.id}`} target="_blank" size="xs">
          <Group gap={2} wrap="nowrap">
            Inscripción <IconExternalLink size={12} />
          </Group>
        </Anchor>
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          leftSection={<IconFlagCheck size={14} />}
          loading={conclude.isPending}
          onClick={onConclude}
        >
          Concluir
        </Button>
      </Group>
    );
  }
  return null;
}
