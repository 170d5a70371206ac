import { type EventRow, eventMessages, eventStates } from '@bjp/domain';
import { Anchor, Button, Group } from '@mantine/core';
import { IconExternalLink, IconFlagCheck, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../../../app/api';
import { confirmAction } from '../../../ui/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useEventTransition } from '../api';

/** 'Enviar' on created events (only while inbox is 0), 'Concluir' and the public link on active ones. */
export function EventActions({ event }: { event: EventRow }) {
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
