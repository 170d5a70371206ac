import { type FieldKind, fieldKindLabels, fieldKinds } from '@bjp/domain';
import { useDraggable } from '@dnd-kit/core';
import { Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconCheckbox,
  IconCircleDot,
  IconClock,
  IconCursorText,
  IconNumber,
  IconSelect,
  IconToggleLeft,
  IconUpload,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

export const paletteIcons: Record<FieldKind, ComponentType<{ size?: number }>> = {
  input: IconCursorText,
  checkbox: IconCheckbox,
  number: IconNumber,
  radio: IconCircleDot,
  select: IconSelect,
  slider: IconAdjustmentsHorizontal,
  switch: IconToggleLeft,
  time: IconClock,
  upload: IconUpload,
};

export const paletteId = (kind: FieldKind) => `palette:${kind}`;

function PaletteItem({ kind, onAdd }: { kind: FieldKind; onAdd: (kind: FieldKind) => void }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: paletteId(kind),
    data: { from: 'palette', kind },
  });
  const Icon = paletteIcons[kind];
  return (
    <UnstyledButton
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onClick={() => onAdd(kind)}
      data-testid={`palette-${kind}`}
      aria-label={`Agregar ${fieldKindLabels[kind]}`}
      style={{ opacity: isDragging ? 0.5 : 1, touchAction: 'none' }}
    >
      <Paper
        withBorder
        p="xs"
        radius="sm"
        style={{ display: 'flex', gap: 8, alignItems: 'center', cursor: 'grab' }}
      >
        <Icon size={18} />
        <Text size="sm">{fieldKindLabels[kind]}</Text>
      </Paper>
    </UnstyledButton>
  );
}

/** The left panel: the nine field types, added by dragging onto the board or by a click. */
export function Palette({ onAdd }: { onAdd: (kind: FieldKind) => void }) {
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm" c="blue.8">
        Parámetros no contemplados
      </Text>
      <Text size="xs" c="dimmed">
        Componentes de entrada y selección
      </Text>
      {fieldKinds.map((kind) => (
        <PaletteItem key={kind} kind={kind} onAdd={onAdd} />
      ))}
    </Stack>
  );
}
