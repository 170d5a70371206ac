import { Modal } from '@mantine/core';
import { SpanishDates } from '../../../ui/SpanishDates';
import { EventForm } from './EventForm';

export function CreateEventModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Formulario de Registro de Eventos" size="xl" centered>
      <SpanishDates>{opened && <EventForm onDone={onClose} />}</SpanishDates>
    </Modal>
  );
}
