import {
  certificateFieldLabels,
  type SereciCertificate,
  type SereciStudent,
  sereciMessages,
} from '@bjp/domain';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../app/api';
import { showErrorDialog } from '../../ui/ConfirmDialog';
import { notifySuccess } from '../../ui/notify';
import { useValidateStudent } from './api';

const empty: SereciCertificate = { oficialia: '', libro: '', partida: '', folio: '' };
const fields = Object.keys(certificateFieldLabels) as Array<keyof SereciCertificate>;

/** 'Datos de Validación SERECI': four fields, all required after trimming, prefilled from the data on file. */
export function ValidationModal({
  student,
  opened,
  onClose,
}: {
  student: SereciStudent;
  opened: boolean;
  onClose: () => void;
}) {
  const [values, setValues] = useState<SereciCertificate>(student.certificate ?? empty);
  const validate = useValidateStudent();
  useEffect(() => {
    if (opened) setValues(student.certificate ?? empty);
  }, [opened, student.certificate]);
  const complete = fields.every((f) => values[f].trim() !== '');
  const submit = () =>
    validate.mutate(
      { rude: student.rude, certificate: values },
      {
        onSuccess: (result) => {
          notifySuccess(result.message || sereciMessages.validationSucceeded);
          onClose();
        },
        onError: (error) =>
          showErrorDialog(
            errorMessage(error, sereciMessages.validationFailed),
            sereciMessages.validationFailed,
          ),
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title="Datos de Validación SERECI" centered>
      <Stack>
        <Text size="sm">
          {student.rude} — {[student.paterno, student.materno, student.name].join(' ')}
        </Text>
        <SimpleGrid cols={2}>
          {fields.map((f) => (
            <TextInput
              key={f}
              label={certificateFieldLabels[f]}
              required
              value={values[f]}
              maxLength={20}
              onChange={(e) => {
                const next = e.currentTarget.value;
                setValues((v) => ({ ...v, [f]: next }));
              }}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={!complete} loading={validate.isPending}>
            Validar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
