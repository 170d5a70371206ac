import { Alert, Center, Loader, Modal } from '@mantine/core';
import { errorMessage } from '../../../app/api';
import { SpanishDates } from '../../../ui/SpanishDates';
import { useEventDetail } from '../api';
import { EventForm } from '../create/EventForm';

/** 'Editar': the registration form filled with the event as it is now (read fresh on opening). */
export function EditEventModal({ eventId, onClose }: { eventId: number | null; onClose: () => void }) {
  const detail = useEventDetail(eventId);
  return (
    <Modal opened={eventId !== null} onClose={onClose} title="Editar evento" size="xl" centered>
      <SpanishDates>
        {detail.isError ? (
          <Alert color="red" variant="light" title="No se pudo cargar el evento">
            {errorMessage(detail.error)}
          </Alert>
        ) : detail.data ? (
          <EventForm key={detail.data.id} event={detail.data} onDone={onClose} />
        ) : (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        )}
      </SpanishDates>
    </Modal>
  );
}
