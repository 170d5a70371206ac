import { type GuardianRow, holderMessages } from '@bjp/domain';
import { Alert, Button, Group, Paper, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { confirmAction } from '../../../ui/ConfirmDialog';
import { notifySuccess } from '../../../ui/notify';
import type { useTitularChanges } from '../api';
import { reportTitularError } from './report-error';

type Props = {
  guardian: GuardianRow;
  relationships: Array<{ value: string; label: string }>;
  changes: ReturnType<typeof useTitularChanges>;
  onDone: () => void;
  /** When set (adjustments: the student's one change), '¿Está Seguro?' with this text comes first. */
  confirmMessage?: string;
};

/** 'Actualizar parentesco': changes only the relationship of one titular of the list. */
export function RelationshipEditor({ guardian, relationships, changes, onDone, confirmMessage }: Props) {
  const [value, setValue] = useState<string | null>(null);
  // Both said inside the panel: the missing choice on its select, a refusal under it (decision 061).
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = async () => {
    setFailure(null);
    if (!value) {
      setMissing(true);
      return;
    }
    if (
      confirmMessage &&
      !(await confirmAction({ title: holderMessages.confirmTitle, message: confirmMessage }))
    )
      return;
    changes.relationship.mutate(
      { guardianId: guardian.guardianId, relationshipId: Number(value) },
      {
        onSuccess: () => {
          notifySuccess(holderMessages.operationOk);
          onDone();
        },
        onError: (error) => reportTitularError(error, holderMessages.operationFailed, setFailure),
      },
    );
  };
  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-gray-0)" data-testid="relationship-editor">
      <Text size="sm" mb={6}>
        Parentesco de {guardian.name} {guardian.paterno} (actual: {guardian.relationshipName})
      </Text>
      <Group align="flex-start" gap="xs">
        <Select
          aria-label="Nuevo parentesco"
          placeholder="Seleccione un parentesco"
          data={relationships}
          value={value}
          onChange={(next) => {
            setValue(next);
            setMissing(false);
          }}
          error={missing ? holderMessages.selectRelationship : undefined}
          style={{ flex: 1 }}
        />
        <Button variant="default" onClick={onDone}>
          Cancelar
        </Button>
        <Button onClick={save} loading={changes.relationship.isPending}>
          Actualizar parentesco
        </Button>
      </Group>
      {failure && (
        <Alert color="red" variant="light" role="alert" mt="xs" data-testid="submit-error">
          {failure}
        </Alert>
      )}
    </Paper>
  );
}
