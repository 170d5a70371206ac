import { Alert, Button, Group, Loader, Modal } from '@mantine/core';
import { errorMessage } from '../../app/api';
import { useKardex } from './api';
import { KardexView } from './KardexView';

/** 'Kardex del Estudiante' over another screen (the synchronisation lists), with 'Cerrar'. */
export function KardexModal({ rude, onClose }: { rude: string | null; onClose: () => void }) {
  const kardex = useKardex(rude);
  return (
    <Modal opened={rude !== null} onClose={onClose} title="Kardex del Estudiante" size="xl" centered>
      {kardex.isLoading && <Loader size="sm" />}
      {kardex.isError && <Alert color="red">{errorMessage(kardex.error)}</Alert>}
      {kardex.data && <KardexView k={kardex.data} />}
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>Cerrar</Button>
      </Group>
    </Modal>
  );
}
