import { holderMessages, type PersonSearchMatch } from '@bjp/domain';
import { Alert, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { notifySuccess } from '../../../ui/notify';
import { searchPerson, type useTitularChanges } from '../api';
import { emptyDraft, type PersonDraft, PersonForm, personDataOf, usePersonForm } from './PersonForm';
import { reportTitularError } from './report-error';

type Props = {
  sie: number;
  relationships: Array<{ value: string; label: string }>;
  changes: ReturnType<typeof useTitularChanges>;
  onBack: () => void;
};

type Phase = { kind: 'search' } | { kind: 'found'; person: PersonSearchMatch } | { kind: 'new' };

/**
 * A found person as the search answers them: names masked to initials, and no birth date, gender or
 * nationality (issue 13). 'Editar Datos' starts from an empty form: the data come from the card.
 */
const draftOf = (p: PersonSearchMatch, carnet: string, complemento: string): PersonDraft => ({
  ...emptyDraft(carnet, complemento),
  paterno: p.paterno,
  materno: p.materno,
  name: p.name,
});

/**
 * 'Adicionar Nuevo Titular': search by document and complement; a found person shows locked with
 * 'Agregar Titular' and 'Editar Datos'; a miss opens the 'Datos Titular' form with 'Nuevo Titular'.
 */
export function AddTitularPanel({ relationships, changes, onBack }: Props) {
  const [carnet, setCarnet] = useState('');
  const [complemento, setComplemento] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'search' });
  const [locked, setLocked] = useState(true);
  const form = usePersonForm(emptyDraft(), () => locked);
  const reset = (draft: PersonDraft) => {
    form.setValues(draft);
    form.clearErrors();
  };
  const [busy, setBusy] = useState(false);
  // Problems are said inside the dialog (issue 37 §5, decision 061): a missing document on its
  // field, a refusal above the buttons. As toasts they lay over 'Nuevo Titular' for 2 s.
  const [documentMissing, setDocumentMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const doc = carnet.trim();
    if (!doc) {
      setDocumentMissing(true);
      return;
    }
    setBusy(true);
    try {
      const result = await searchPerson(doc, complemento.trim());
      if (result.person) {
        setPhase({ kind: 'found', person: result.person });
        reset(draftOf(result.person, doc, complemento.trim()));
        setLocked(true);
      } else {
        // A failed search simply opens the new-holder form (part 2 §4).
        setPhase({ kind: 'new' });
        reset(emptyDraft(doc, complemento.trim()));
        setLocked(false);
      }
    } catch (error) {
      reportTitularError(error, holderMessages.operationFailed, setFailure);
    } finally {
      setBusy(false);
    }
  };

  const done = () => {
    notifySuccess(holderMessages.operationOk);
    onBack();
  };

  /**
   * Validates the form; each problem is said beside its field, and the first marked field takes the
   * focus (which scrolls it into view on a phone, where the form is longer than the screen).
   */
  const valid = () => {
    setFailure(null);
    const { hasErrors } = form.validate();
    if (hasErrors)
      requestAnimationFrame(() =>
        panel.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
    return !hasErrors;
  };

  const addFound = async (person: PersonSearchMatch) => {
    if (!valid()) return;
    const draft = form.getValues();
    setBusy(true);
    try {
      // 'Editar Datos' then 'Agregar Titular' is one request: the server joins the person and writes
      // the corrected data (SEGIP-confirmed) in one transaction, or neither (issue 12).
      await changes.addExisting.mutateAsync({
        personId: person.id,
        relationshipId: Number(draft.relationshipId),
        ...(locked ? {} : { person: personDataOf(draft) }),
      });
      done();
    } catch (error) {
      reportTitularError(error, undefined, setFailure);
    } finally {
      setBusy(false);
    }
  };

  const addNew = async () => {
    if (!valid()) return;
    const draft = form.getValues();
    setBusy(true);
    try {
      await changes.addNew.mutateAsync({
        carnet: draft.carnet,
        complemento: draft.complemento,
        relationshipId: Number(draft.relationshipId),
        ...personDataOf(draft),
      });
      done();
    } catch (error) {
      reportTitularError(error, undefined, setFailure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" ref={panel}>
      <form onSubmit={search} noValidate>
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Documento de identidad"
            // The add view replaces the button that opened it: the focus starts on its first field.
            autoFocus
            value={carnet}
            onChange={(e) => {
              setCarnet(e.currentTarget.value.toUpperCase());
              setDocumentMissing(false);
            }}
            error={documentMissing ? holderMessages.enterDocument : undefined}
            maxLength={15}
            style={{ flex: 1 }}
          />
          <TextInput
            label="Complemento"
            value={complemento}
            onChange={(e) => setComplemento(e.currentTarget.value.toUpperCase())}
            maxLength={4}
            w={120}
          />
          <Button
            type="submit"
            leftSection={<IconSearch size={16} />}
            loading={busy && phase.kind === 'search'}
          >
            Buscar
          </Button>
        </Group>
      </form>
      {phase.kind !== 'search' && (
        <>
          <Divider label="Datos Titular" labelPosition="left" />
          {phase.kind === 'found' && locked && (
            <Text size="sm" c="dimmed">
              Documento registrado. Por protección de datos se muestran solo las iniciales: compárelas con la
              cédula de identidad. Para corregir los datos use 'Editar Datos' y escríbalos completos.
            </Text>
          )}
          {phase.kind === 'new' && (
            <Text size="sm" c="dimmed">
              No se encontró el documento: registre los datos del nuevo titular tal como figuran en su cédula.
            </Text>
          )}
          <PersonForm form={form} locked={locked} relationships={relationships} />
        </>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert" data-testid="submit-error">
          {failure}
        </Alert>
      )}
      <Group justify="space-between" mt="sm">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          Regresar
        </Button>
        <Group gap="xs">
          {phase.kind === 'found' && (
            <>
              <Button
                variant="light"
                leftSection={<IconEdit size={16} />}
                onClick={() => {
                  setLocked(false);
                  // The initials are not data to save: the corrected data are typed from the card.
                  const d = form.getValues();
                  reset({ ...emptyDraft(d.carnet, d.complemento), relationshipId: d.relationshipId });
                }}
                disabled={!locked || busy}
              >
                Editar Datos
              </Button>
              <Button
                leftSection={<IconUserPlus size={16} />}
                loading={busy}
                onClick={() => addFound(phase.person)}
              >
                Agregar Titular
              </Button>
            </>
          )}
          {phase.kind === 'new' && (
            <Button leftSection={<IconUserPlus size={16} />} loading={busy} onClick={addNew}>
              Nuevo Titular
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
