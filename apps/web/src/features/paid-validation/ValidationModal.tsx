import { formatDateTime, type PaidStudentRow, paidMessages, validationProblem } from '@bjp/domain';
import { Alert, Button, Group, Loader, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../app/api';
import { confirmAction, showErrorDialog } from '../../ui/ConfirmDialog';
import { notifySuccess, notifyWarning } from '../../ui/notify';
import { useSaveValidation, useStoredValidation } from './api';

type Props = { sie: number; student: PaidStudentRow | null; onClose: () => void };

const options = [
  { value: 'true', label: 'PAGADO' },
  { value: 'false', label: 'NO PAGADO' },
];

/**
 * 'Validación Estudiante' (part 2 §2.5, §5): the payment state (PAGADO / NO PAGADO) and an observation,
 * required for NO PAGADO and cleared and disabled for PAGADO or while no state is chosen. The stored
 * validation is loaded back each time the modal opens; '¿Está Seguro?' precedes saving.
 */
export function ValidationModal({ sie, student, onClose }: Props) {
  const stored = useStoredValidation(sie, student?.inscriptionId ?? null);
  const save = useSaveValidation(sie);
  const [isPaid, setIsPaid] = useState<boolean | null>(null);
  const [observation, setObservation] = useState('');
  const [error, setError] = useState<{ field: 'state' | 'observation'; message: string } | null>(null);

  useEffect(() => {
    if (!stored.data) return;
    setIsPaid(stored.data.isPaid);
    setObservation(stored.data.observation ?? '');
    setError(null);
  }, [stored.data]);

  const close = () => {
    setIsPaid(null);
    setObservation('');
    setError(null);
    onClose();
  };

  const choose = (value: string | null) => {
    const next = value === null ? null : value === 'true';
    setIsPaid(next);
    if (next !== false) setObservation('');
    setError(null);
  };

  const register = async () => {
    if (!student) return;
    const problem = validationProblem({ isPaid, observation });
    if (problem) {
      setError({ field: isPaid === null ? 'state' : 'observation', message: problem });
      notifyWarning(problem);
      return;
    }
    const label = isPaid ? 'PAGADO' : 'NO PAGADO';
    if (!(await confirmAction({ message: `${paidMessages.confirmSave} Estado: ${label}.` }))) return;
    try {
      const result = await save.mutateAsync({
        inscriptionId: student.inscriptionId,
        body: { isPaid: isPaid === true, observation: isPaid ? null : observation },
      });
      notifySuccess(result.message);
      close();
    } catch (failure) {
      showErrorDialog(errorMessage(failure), paidMessages.saveFailed);
    }
  };

  return (
    <Modal opened={student !== null} onClose={close} title={paidMessages.modalTitle} centered size="md">
      {student && (
        <Stack gap="sm">
          <Text size="sm">
            <b>{student.rude}</b> — {student.paterno} {student.materno} {student.name}
          </Text>
          {stored.isPending && <Loader size="sm" />}
          {stored.isError && (
            <Alert color="red">{errorMessage(stored.error, paidMessages.studentDataMissing)}</Alert>
          )}
          {stored.data?.validatedAt && (
            <Text size="xs" c="dimmed">
              Validado el {formatDateTime(stored.data.validatedAt)} por {stored.data.validatedBy}
            </Text>
          )}
          <Select
            label="Estado de pago"
            placeholder="Seleccione un estado de pago"
            data={options}
            value={isPaid === null ? null : String(isPaid)}
            onChange={choose}
            error={error?.field === 'state' ? error.message : undefined}
            disabled={!stored.data}
          />
          <Textarea
            label="Observación"
            placeholder={isPaid === false ? 'Motivo por el que el bono no llegó al estudiante' : undefined}
            value={observation}
            onChange={(e) => {
              setObservation(e.currentTarget.value);
              setError(null);
            }}
            disabled={isPaid !== false}
            maxLength={500}
            autosize
            minRows={3}
            error={error?.field === 'observation' ? error.message : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button onClick={register} loading={save.isPending} disabled={!stored.data}>
              Registrar
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
