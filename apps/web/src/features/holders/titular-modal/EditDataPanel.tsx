import { type GuardianRow, holderMessages } from '@bjp/domain';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { useTitularChanges } from '../api';
import { PersonForm, personDataOf, usePersonForm } from './PersonForm';

type Props = {
  guardian: GuardianRow;
  changes: ReturnType<typeof useTitularChanges>;
  /** Confirms and reports as the variant does; resolves true when the data were saved. */
  onSave: (send: () => Promise<unknown>) => Promise<boolean>;
  onDone: () => void;
};

/**
 * 'Editar Datos' of the student's titular (adjustment variant): the 'Datos Titular' form unlocked
 * with the document fixed; SEGIP confirms the new data on the server.
 */
export function EditDataPanel({ guardian, changes, onSave, onDone }: Props) {
  const form = usePersonForm({
    carnet: guardian.carnet,
    complemento: guardian.complemento,
    paterno: guardian.paterno,
    materno: guardian.materno,
    name: guardian.name,
    birthDate: guardian.birthDate,
    gender: String(guardian.gender),
    foreign: String(guardian.foreign),
    relationshipId: String(guardian.relationshipId),
  });
  const save = async () => {
    if (form.validate().hasErrors) return;
    const data = personDataOf(form.getValues());
    const saved = await onSave(() => changes.personData.mutateAsync({ personId: guardian.personId, data }));
    if (saved) onDone();
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid="edit-data-panel">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Datos Titular — CI {guardian.carnet}
        </Text>
        {Object.values(form.errors).some((e) => e === holderMessages.fillAll) && (
          <Text size="xs" c="red.9">
            {holderMessages.fillAll}
          </Text>
        )}
        <PersonForm
          form={form}
          locked={false}
          relationships={[{ value: String(guardian.relationshipId), label: guardian.relationshipName }]}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            loading={changes.personData.isPending}
            onClick={save}
          >
            Guardar datos
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
