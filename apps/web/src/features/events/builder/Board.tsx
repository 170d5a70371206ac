import { eventMessages, type FieldDefinition } from '@bjp/domain';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Center, Paper, Stack, Text } from '@mantine/core';
import { BoardItem } from './BoardItem';
import type { FieldProblems } from './use-builder';

export const BOARD_ID = 'board';

type Props = {
  fields: FieldDefinition[];
  selectedId: string | null;
  problems: FieldProblems;
  gutter: number;
  onSelect: (id: string) => void;
  onCopy: (id: string) => void;
  onRemove: (id: string) => void;
};

/** The drawing board: drop target for the palette and a sortable list of the form's fields. */
export function Board({ fields, selectedId, problems, gutter, onSelect, onCopy, onRemove }: Props) {
  const { setNodeRef, isOver } = useDroppable({ id: BOARD_ID });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      mih={320}
      data-testid="builder-board"
      style={{
        borderStyle: 'dashed',
        borderColor: isOver ? 'var(--mantine-color-blue-5)' : undefined,
        background: isOver ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      {fields.length === 0 ? (
        <Center mih={300}>
          <Text c="dimmed" ta="center" maw={360}>
            {eventMessages.emptyBoard}
          </Text>
        </Center>
      ) : (
        <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
          <Stack gap={Math.min(gutter, 24)}>
            {fields.map((field, index) => (
              <BoardItem
                key={field.id}
                field={field}
                selected={field.id === selectedId}
                problem={problems[index]}
                onSelect={() => onSelect(field.id)}
                onCopy={() => onCopy(field.id)}
                onRemove={() => onRemove(field.id)}
              />
            ))}
          </Stack>
        </SortableContext>
      )}
    </Paper>
  );
}
