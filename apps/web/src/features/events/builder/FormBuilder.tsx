import { type EnrollmentFormDetail, fieldKindLabels } from '@bjp/domain';
import { closestCenter, DndContext, DragOverlay } from '@dnd-kit/core';
import { Grid, Paper, ScrollArea, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { confirmAction } from '../../../ui/ConfirmDialog';
import { BaseFormSection } from './BaseFormSection';
import { Board } from './Board';
import { BuilderSidePanel } from './BuilderSidePanel';
import { BuilderToolbar } from './BuilderToolbar';
import { builderFromForm } from './builder-state';
import { CodeDrawer } from './CodeDrawer';
import { Palette } from './Palette';
import { PreviewModal } from './PreviewModal';
import { useBoardDnd } from './use-board-dnd';
import { useBuilder } from './use-builder';
import { useFormSave } from './use-form-save';

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
  const builder = useBuilder(initial);
  const { state, dispatch, request, validation } = builder;
  const dnd = useBoardDnd(state.fields, dispatch);
  const saving = useFormSave(builder, editing, onSaved);
  const [preview, setPreview] = useState(false);
  const [code, setCode] = useState(false);

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
            <BuilderToolbar
              editing={editing}
              name={state.name}
              nameProblem={validation.nameProblem}
              saving={saving}
              onName={(name) => dispatch({ type: 'meta', name })}
              onClear={clear}
              onPreview={() => setPreview(true)}
              onCode={() => setCode(true)}
            />
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
          <BuilderSidePanel builder={builder} />
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
