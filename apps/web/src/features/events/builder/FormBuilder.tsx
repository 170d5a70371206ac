import { type EnrollmentFormDetail, eventMessages, fieldKindLabels } from '@bjp/domain';
import { closestCenter, DndContext, DragOverlay } from '@dnd-kit/core';
import { Alert, Button, Grid, Group, Paper, ScrollArea, Stack, Tabs, TextInput } from '@mantine/core';
import { IconClearAll, IconCode, IconDeviceFloppy, IconEye, IconPencil } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../app/api';
import { confirmAction } from '../../../ui/ConfirmDialog';
import { notifyError, notifySuccess, notifyWarning } from '../../../ui/notify';
import { useSaveForm, useUpdateForm } from '../forms-api';
import { BaseFormSection } from './BaseFormSection';
import { Board } from './Board';
import { builderFromForm, clearDraft } from './builder-state';
import { CodeDrawer } from './CodeDrawer';
import { FormSettings } from './FormSettings';
import { Palette } from './Palette';
import { PreviewModal } from './PreviewModal';
import { PropertiesPanel } from './PropertiesPanel';
import { useBoardDnd } from './use-board-dnd';
import { useBuilder } from './use-builder';

/**
 * The drag-and-drop enrollment-form builder: palette, form name, base form, drawing board, properties,
 * preview by device and generated code. 'Registrar' saves the form (validated by the shared schema,
 * the same the server applies) and clears the draft kept under 'settings'. With `editing`, the
 * builder opens that form's latest version and 'Guardar' saves the edit as a new version.
 */
export function FormBuilder({
  onSaved,
  editing,
  height = 'calc(100dvh - 260px)',
}: {
  onSaved?: () => void;
  editing?: EnrollmentFormDetail;
  height?: string;
}) {
  const initial = useMemo(() => (editing ? builderFromForm(editing) : undefined), [editing]);
  const { state, dispatch, request, validation } = useBuilder(initial);
  const dnd = useBoardDnd(state.fields, dispatch);
  const create = useSaveForm();
  const update = useUpdateForm(editing?.id ?? 0);
  const saving = create.isPending || update.isPending;
  const [nameTouched, setNameTouched] = useState(false);
  const [preview, setPreview] = useState(false);
  const [code, setCode] = useState(false);
  const selectedIndex = state.fields.findIndex((f) => f.id === state.selectedId);
  const selected = selectedIndex >= 0 ? state.fields[selectedIndex] : null;

  const register = () => {
    setNameTouched(true);
    if (!validation.valid) {
      const index = Number(Object.keys(validation.fieldProblems)[0]);
      if (!validation.nameProblem && Number.isInteger(index))
        dispatch({ type: 'select', id: state.fields[index]?.id ?? null });
      notifyWarning(
        validation.nameProblem ?? validation.firstProblem ?? eventMessages.registerFailed,
        eventMessages.registerFailedTitle,
      );
      return;
    }
    const onError = (error: unknown) => notifyError(errorMessage(error), eventMessages.registerFailedTitle);
    if (editing) {
      update.mutate(
        { ...request, expectedVersion: editing.version },
        {
          onSuccess: (saved) => {
            notifySuccess(eventMessages.formVersionSaved(saved.version), eventMessages.registerSuccessTitle);
            onSaved?.();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(request, {
      onSuccess: () => {
        clearDraft();
        dispatch({ type: 'reset' });
        setNameTouched(false);
        notifySuccess(eventMessages.formSaved, eventMessages.registerSuccessTitle);
        onSaved?.();
      },
      onError,
    });
  };
  const clear = async () => {
    if (state.fields.length === 0) return;
    if (await confirmAction({ message: 'Se quitarán todos los campos del formulario.', color: 'red' }))
      dispatch({ type: 'clear' });
  };

  return (
    <DndContext
      sensors={dnd.sensors}
      collisionDetection={closestCenter}
      onDragStart={dnd.onDragStart}
      onDragEnd={dnd.onDragEnd}
      onDragCancel={dnd.onDragCancel}
    >
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 2.5 }}>
          <Paper withBorder p="sm">
            <Palette onAdd={(kind) => dispatch({ type: 'add', kind })} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="sm">
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
                value={state.name}
                error={nameTouched ? validation.nameProblem : null}
                onChange={(e) => dispatch({ type: 'meta', name: e.currentTarget.value })}
                onBlur={() => setNameTouched(true)}
              />
              <Button
                leftSection={<IconDeviceFloppy size={16} />}
                onClick={register}
                loading={saving}
                disabled={saving}
              >
                {editing ? 'Guardar' : 'Registrar'}
              </Button>
              <Button variant="default" leftSection={<IconClearAll size={16} />} onClick={clear}>
                Limpiar
              </Button>
            </Group>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconEye size={14} />}
                onClick={() => setPreview(true)}
              >
                Vista previa
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCode size={14} />}
                onClick={() => setCode(true)}
              >
                Código
              </Button>
            </Group>
            <BaseFormSection />
            <ScrollArea.Autosize mah={height} type="auto">
              <Board
                fields={state.fields}
                selectedId={state.selectedId}
                problems={validation.fieldProblems}
                gutter={state.config.gutter}
                onSelect={(id) => dispatch({ type: 'select', id })}
                onCopy={(id) => dispatch({ type: 'copy', id })}
                onRemove={(id) => dispatch({ type: 'remove', id })}
              />
            </ScrollArea.Autosize>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3.5 }}>
          <Paper withBorder p="sm">
            <Tabs defaultValue="properties">
              <Tabs.List mb="sm">
                <Tabs.Tab value="properties">Propiedades</Tabs.Tab>
                <Tabs.Tab value="form">Formulario</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="properties">
                <PropertiesPanel
                  field={selected}
                  problem={validation.fieldProblems[selectedIndex]}
                  onChange={(field) => dispatch({ type: 'update', id: field.id, field })}
                  onRemove={(id) => dispatch({ type: 'remove', id })}
                />
              </Tabs.Panel>
              <Tabs.Panel value="form">
                <FormSettings
                  description={state.description}
                  config={state.config}
                  onDescription={(description) => dispatch({ type: 'meta', description })}
                  onConfig={(config) => dispatch({ type: 'meta', config })}
                />
              </Tabs.Panel>
            </Tabs>
          </Paper>
        </Grid.Col>
      </Grid>
      <DragOverlay>
        {dnd.dragging && (
          <Paper withBorder shadow="md" p="xs" w={180}>
            {fieldKindLabels[dnd.dragging]}
          </Paper>
        )}
      </DragOverlay>
      <PreviewModal
        opened={preview}
        onClose={() => setPreview(false)}
        name={state.name}
        definition={request.definition}
      />
      <CodeDrawer
        opened={code}
        onClose={() => setCode(false)}
        name={state.name}
        definition={request.definition}
      />
    </DndContext>
  );
}
