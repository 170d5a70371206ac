import {
  type GuardianRow,
  holderMessages,
  previousGuardiansMessages,
  previousTitularMessages,
} from '@bjp/domain';
import { Alert, Badge, Button, Group, LoadingOverlay, Modal, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../app/api';
import { confirmAction } from '../../../ui/ConfirmDialog';
import { notifySuccess } from '../../../ui/notify';
import { SpanishDates } from '../../../ui/SpanishDates';
import { holdersPolicy, useRelationships, useTitularChanges, useTitularModal } from '../api';
import { AddTitularPanel } from './AddTitularPanel';
import { EditDataPanel } from './EditDataPanel';
import { GuardiansTable } from './GuardiansTable';
import { PreviousGuardiansSection } from './PreviousGuardiansSection';
import { PreviousTitularChoice } from './PreviousTitularChoice';
import type { TitularModalPolicy } from './policy';
import { RelationshipEditor } from './RelationshipEditor';
import { reportTitularError } from './report-error';
import { designateSiblings, SiblingOffer, siblingsToOffer } from './SiblingOffer';

type Props = {
  sie: number;
  codeType: number;
  inscriptionId: number | null;
  onClose: () => void;
  /** Another area's API, confirmations and 'Editar Datos' (policy.ts); holder registration's by default. */
  policy?: TitularModalPolicy;
};

/**
 * 'Actualización y/o Registro de Titular': the student's titulars with the selection switch, and the
 * add view ('Adicionar Nuevo Titular'). 'Registrar' saves the selected titular, or with none the
 * removal of the student's beneficiary status, after '¿Está Seguro?'.
 */
export function TitularModal({ sie, codeType, inscriptionId, onClose, policy = holdersPolicy }: Props) {
  const modal = useTitularModal(policy, sie, inscriptionId);
  const relationships = useRelationships(codeType);
  const changes = useTitularChanges(policy, sie, inscriptionId ?? 0);
  const [editingData, setEditingData] = useState<GuardianRow | null>(null);
  const [view, setView] = useState<'list' | 'add'>('list');
  // Back from the add view the button that opened it takes the focus again: the view it was in
  // is gone, and a keyboard user would otherwise start again from the page behind the dialog.
  const addButton = useRef<HTMLButtonElement>(null);
  const cameBack = useRef(false);
  useEffect(() => {
    if (view === 'add') cameBack.current = true;
    else if (cameBack.current) {
      cameBack.current = false;
      addButton.current?.focus();
    }
  }, [view]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editing, setEditing] = useState<GuardianRow | null>(null);
  // A refused change is said inside the dialog, above 'Registrar' (issue 37 §5, decision 061): a
  // toast lay over the very buttons the director reaches for next. Each new attempt clears it.
  const [failure, setFailure] = useState<string | null>(null);
  const data = modal.data;

  // The switch starts on the student's current titular, and follows it only when the saved titular
  // changes: a background refetch must not undo what the user has just switched.
  const savedTitular = data?.guardians.find((g) => g.selected)?.guardianId ?? null;
  useEffect(() => setSelectedId(savedTitular), [savedTitular]);
  useEffect(() => {
    setFailure(null);
    if (inscriptionId === null) {
      setView('list');
      setEditing(null);
      setEditingData(null);
    }
  }, [inscriptionId]);

  const options = useMemo(
    () => (relationships.data?.items ?? []).map((r) => ({ value: String(r.id), label: r.name })),
    [relationships.data],
  );
  const locked = data?.editBlocker !== null && data?.editBlocker !== undefined;

  const remove = async (g: GuardianRow) => {
    if (
      !(await confirmAction({
        title: holderMessages.confirmRemoveTitle,
        message: holderMessages.confirmRemove,
      }))
    )
      return;
    setFailure(null);
    changes.remove.mutate(g.guardianId, {
      onSuccess: () => notifySuccess(holderMessages.operationOk),
      onError: (error) => reportTitularError(error, holderMessages.operationFailed, setFailure),
    });
  };

  const register = async () => {
    // Saving with nothing selected ends the student's benefit: the confirmation says so first.
    const once = policy.confirmSave;
    const chosen = data?.guardians.find((g) => g.guardianId === selectedId);
    // The chosen guardian's other students of the school, offered in the same confirmation.
    const siblings = await siblingsToOffer(policy, { sie, inscriptionId, personId: chosen?.personId });
    // Unticked: the director says yes to each sibling set, nothing is designated without being asked.
    const choice = { also: false };
    const name = chosen ? [chosen.name, chosen.paterno, chosen.materno].filter(Boolean).join(' ') : '';
    const message =
      selectedId === null ? (
        `${policy.confirmNoTitular} ${once}`
      ) : siblings.length > 0 ? (
        <SiblingOffer confirm={once} name={name} students={siblings} choice={choice} />
      ) : (
        once
      );
    if (!(await confirmAction({ title: holderMessages.confirmTitle, message }))) return;
    setFailure(null);
    changes.save.mutate(selectedId, {
      onSuccess: async () => {
        if (chosen && choice.also && siblings.length > 0) {
          try {
            const leftOut = await designateSiblings(policy, { sie, personId: chosen.personId }, siblings);
            // Said inside the dialog, which stays open: which siblings were left out, and why.
            if (leftOut) return setFailure(leftOut);
          } catch (error) {
            // This student's titular is saved; the siblings' refusal is said as any other.
            policy.reportError(error, setFailure);
            return;
          }
        } else notifySuccess(holderMessages.operationOk);
        onClose();
      },
      onError: (error) => policy.reportError(error, setFailure),
    });
  };

  /** Last year's titular, one click (and one confirmation) away: saved as this year's titular. */
  const choosePrevious = async () => {
    const previous = data?.previousTitular;
    if (!previous) return;
    const name = [previous.name, previous.paterno, previous.materno].filter(Boolean).join(' ');
    const message = previousTitularMessages.confirm(name, previous.year);
    if (!(await confirmAction({ title: holderMessages.confirmTitle, message }))) return;
    setFailure(null);
    changes.previous.mutate(undefined, {
      onSuccess: () => notifySuccess(holderMessages.operationOk),
      onError: (error) => policy.reportError(error, setFailure),
    });
  };

  /** Last year's guardians, after '¿Está Seguro?': all the admitted ones, or one row's. */
  const [addingPrevious, setAddingPrevious] = useState<'all' | number | null>(null);
  const addPreviousGuardians = async (personIds?: number[]) => {
    const previous = data?.previousGuardians;
    if (!previous) return;
    const count = personIds?.length ?? previous.candidates.filter((g) => g.refusal === null).length;
    const message = previousGuardiansMessages.confirm(count, previous.year);
    if (!(await confirmAction({ title: holderMessages.confirmTitle, message }))) return;
    setAddingPrevious(personIds?.[0] ?? 'all');
    setFailure(null);
    changes.previousGuardians.mutate(personIds, {
      onSuccess: (answer) => notifySuccess(previousGuardiansMessages.added(answer.added)),
      onError: (error) => reportTitularError(error, holderMessages.operationFailed, setFailure),
      onSettled: () => setAddingPrevious(null),
    });
  };

  /** 'Editar Datos' (where the policy allows it): confirmed first when the policy asks. */
  const saveData = async (send: () => Promise<unknown>) => {
    const message = policy.confirmChange;
    if (message && !(await confirmAction({ title: holderMessages.confirmTitle, message }))) return false;
    setFailure(null);
    try {
      await send();
      notifySuccess(holderMessages.operationOk);
      return true;
    } catch (error) {
      policy.reportError(error, setFailure);
      return false;
    }
  };
  const blocker = data && 'blocker' in data && typeof data.blocker === 'string' ? data.blocker : null;

  const title = view === 'add' ? 'Adicionar Nuevo Titular' : 'Actualización y/o Registro de Titular';
  return (
    <Modal opened={inscriptionId !== null} onClose={onClose} title={title} size="xl" centered>
      <SpanishDates>
        <Stack pos="relative" gap="sm">
          <LoadingOverlay visible={modal.isPending && inscriptionId !== null} />
          {modal.isError && <Alert color="red">{errorMessage(modal.error)}</Alert>}
          {relationships.isError && <Alert color="red">{holderMessages.relationshipsFailed}</Alert>}
          {data && (
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0}>
                <Text fw={600}>{data.student.fullName}</Text>
                <Text size="sm" c="dimmed">
                  RUDE {data.student.rude} · {data.student.course}
                </Text>
              </Stack>
              <Badge variant="light" size="lg">
                {data.statusLabel}
              </Badge>
            </Group>
          )}
          {data && locked && (
            <Alert color="yellow">
              {blocker ?? 'Este estudiante no admite cambios de titular en este momento.'}
            </Alert>
          )}
          {data && view === 'list' && (
            <>
              {policy.choosePrevious && data.previousTitular && (
                <PreviousTitularChoice
                  previous={data.previousTitular}
                  onChoose={choosePrevious}
                  loading={changes.previous.isPending}
                  disabled={locked || changes.save.isPending}
                />
              )}
              {policy.addPreviousGuardians && data.previousGuardians && (
                <PreviousGuardiansSection
                  previous={data.previousGuardians}
                  onAdd={addPreviousGuardians}
                  pending={addingPrevious}
                  disabled={locked || changes.save.isPending || changes.remove.isPending}
                />
              )}
              <GuardiansTable
                guardians={data.guardians}
                selectedId={selectedId}
                onToggle={(g) => setSelectedId((current) => (current === g.guardianId ? null : g.guardianId))}
                onDelete={remove}
                onRelationship={setEditing}
                onEditData={policy.editPersonData ? setEditingData : undefined}
                disabled={locked || changes.remove.isPending || changes.save.isPending}
              />
              {editingData && (
                <EditDataPanel
                  guardian={editingData}
                  changes={changes}
                  onSave={saveData}
                  onDone={() => setEditingData(null)}
                />
              )}
              {editing && (
                <RelationshipEditor
                  guardian={editing}
                  relationships={options}
                  changes={changes}
                  onDone={() => setEditing(null)}
                  confirmMessage={policy.confirmChange}
                />
              )}
              {selectedId === null && data.guardians.length > 0 && (
                <Text size="xs" c="dimmed">
                  Sin titular seleccionado: 'Registrar' guardará que el estudiante no tiene titular (no
                  beneficiario).
                </Text>
              )}
              {failure && (
                <Alert color="red" variant="light" role="alert" data-testid="submit-error">
                  {failure}
                </Alert>
              )}
              <Group justify="space-between">
                <Button
                  ref={addButton}
                  variant="light"
                  leftSection={<IconUserPlus size={16} />}
                  onClick={() => {
                    setFailure(null);
                    setView('add');
                  }}
                  disabled={locked}
                >
                  Adicionar Titular
                </Button>
                <Group gap="xs">
                  <Button variant="default" onClick={onClose}>
                    Cerrar
                  </Button>
                  <Button
                    leftSection={<IconDeviceFloppy size={16} />}
                    onClick={register}
                    loading={changes.save.isPending}
                    disabled={locked}
                  >
                    Registrar
                  </Button>
                </Group>
              </Group>
            </>
          )}
          {data && view === 'add' && (
            <AddTitularPanel
              sie={sie}
              relationships={options}
              changes={changes}
              onBack={() => setView('list')}
            />
          )}
        </Stack>
      </SpanishDates>
    </Modal>
  );
}
