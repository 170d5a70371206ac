import { type FieldDefinition, initialValue } from '@bjp/domain';
import { useSortable } from '@dnd-kit/sortable';
import { ActionIcon, Box, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconTrash } from '@tabler/icons-react';
import { DynamicField } from '../renderer/DynamicField';

type Props = {
  field: FieldDefinition;
  selected: boolean;
  problem?: string;
  onSelect: () => void;
  onCopy: () => void;
  onRemove: () => void;
};

/** A field on the drawing board: click selects it, drag reorders it, 'Copiar' and 'Borrar' act on it. */
export function BoardItem({ field, selected, problem, onSelect, onCopy, onRemove }: Props) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: field.id,
    data: { from: 'board' },
  });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      radius="sm"
      data-testid={`board-field-${field.id}`}
      data-kind={field.kind}
      aria-selected={selected}
      aria-label={`Campo ${field.label} (${field.id})`}
      onClick={onSelect}
      style={{
        // Translate only (no scaling), as dnd-kit's CSS.Translate would.
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
        opacity: isDragging ? 0.4 : 1,
        borderColor: selected
          ? 'var(--mantine-color-blue-6)'
          : problem
            ? 'var(--mantine-color-red-5)'
            : undefined,
        background: selected ? 'var(--mantine-color-blue-0)' : undefined,
        cursor: 'pointer',
        position: 'relative',
        touchAction: 'none',
      }}
      {...attributes}
      {...listeners}
    >
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Group gap={4}>
          <Text size="xs" c="dimmed">
            {field.id}
          </Text>
          {problem && (
            <Tooltip label={problem}>
              <IconAlertTriangle size={14} color="var(--mantine-color-red-6)" aria-label={problem} />
            </Tooltip>
          )}
        </Group>
        <Group gap={4} onPointerDown={(e) => e.stopPropagation()}>
          <Tooltip label="Copiar">
            <ActionIcon
              size="sm"
              variant="subtle"
              aria-label={`Copiar ${field.label}`}
              onClick={(e) => {
                e.stopPropagation();
                onCopy();
              }}
            >
              <IconCopy size={14} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Borrar">
            <ActionIcon
              size="sm"
              variant="subtle"
              color="red"
              aria-label={`Borrar ${field.label}`}
              onClick={(e) => {
                e.stopPropagation();
                onRemove();
              }}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {/* The board shows the real control, inert: clicks select the field instead of filling it. */}
      <Box style={{ pointerEvents: 'none' }} aria-hidden>
        <DynamicField
          field={field}
          idPrefix="board"
          value={initialValue(field)}
          required={field.required}
          layout="horizontal"
          onChange={() => undefined}
        />
      </Box>
    </Paper>
  );
}
