import { type EnrollmentFormDetail, eventMessages } from '@bjp/domain';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { IconClearAll, IconCode, IconDeviceFloppy, IconEye, IconPencil } from '@tabler/icons-react';
import { SubmitError } from '../../../ui/SubmitError';
import type { useFormSave } from './use-form-save';

type Props = {
  editing?: EnrollmentFormDetail;
  name: string;
  nameProblem: string | null | undefined;
  saving: ReturnType<typeof useFormSave>;
  onName: (name: string) => void;
  onClear: () => void;
  onPreview: () => void;
  onCode: () => void;
};

/** Above the board: what is being edited, the form's name, 'Registrar'/'Guardar', 'Limpiar', preview and code. */
export function BuilderToolbar({
  editing,
  name,
  nameProblem,
  saving,
  onName,
  onClear,
  onPreview,
  onCode,
}: Props) {
  return (
    <>
      {editing && (
        <Alert variant="light" color="blue" icon={<IconPencil size={16} />} p="xs">
          Editando «{editing.name}» — versión {editing.version}. Al guardar se crea la versión{' '}
          {editing.version + 1}; los eventos ya creados conservan la suya.
        </Alert>
      )}
      {/* Wraps on a phone, so the name keeps a usable width beside the buttons. */}
      <Group align="flex-start">
        <TextInput
          style={{ flex: 1, minWidth: 220 }}
          placeholder="Nombre del formulario"
          aria-label="Nombre del formulario"
          value={name}
          error={saving.nameTouched ? nameProblem : null}
          onChange={(e) => onName(e.currentTarget.value)}
          onBlur={saving.touchName}
        />
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={saving.save}
          loading={saving.saving}
          disabled={saving.saving}
        >
          {editing ? 'Guardar' : 'Registrar'}
        </Button>
        <Button variant="default" leftSection={<IconClearAll size={16} />} onClick={onClear}>
          Limpiar
        </Button>
      </Group>
      {/* Why the last 'Registrar' was refused, beside it (a toast here covered the builder's own buttons). */}
      <SubmitError
        error={saving.refusal}
        title={eventMessages.registerFailedTitle}
        fallback={saving.refusalText ?? undefined}
      />
      <Group gap="xs">
        <Button size="xs" variant="light" leftSection={<IconEye size={14} />} onClick={onPreview}>
          Vista previa
        </Button>
        <Button size="xs" variant="light" leftSection={<IconCode size={14} />} onClick={onCode}>
          Código
        </Button>
      </Group>
    </>
  );
}
