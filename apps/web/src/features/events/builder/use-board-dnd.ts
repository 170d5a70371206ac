import type { FieldDefinition, FieldKind } from '@bjp/domain';
import {
  type DragEndEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useState } from 'react';
import { BOARD_ID } from './Board';
import type { BuilderAction } from './builder-state';

type DragData = { from: 'palette'; kind: FieldKind } | { from: 'board' };

/**
 * Drag and drop of the builder: a palette item dropped on the board is added (before or after the field it
 * is dropped on, or at the end); a field dropped on another moves there. A press without movement is a
 * click (the 5 px activation distance), which adds or selects instead.
 */
export function useBoardDnd(fields: FieldDefinition[], dispatch: (action: BuilderAction) => void) {
  const [dragging, setDragging] = useState<FieldKind | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragStart = (event: DragStartEvent) => {
    const data = event.active.data.current as DragData | undefined;
    setDragging(data?.from === 'palette' ? data.kind : null);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    if (!over) return;
    const data = active.data.current as DragData | undefined;
    const overIndex = fields.findIndex((f) => f.id === over.id);
    if (data?.from === 'palette') {
      if (over.id !== BOARD_ID && overIndex < 0) return;
      // Dropped on a field: before it when over its upper half, after it when over the lower half.
      const dropped = active.rect.current.translated;
      const below =
        dropped !== null && dropped.top + dropped.height / 2 > over.rect.top + over.rect.height / 2;
      dispatch({
        type: 'add',
        kind: data.kind,
        index: overIndex < 0 ? fields.length : overIndex + (below ? 1 : 0),
      });
      return;
    }
    const from = fields.findIndex((f) => f.id === active.id);
    if (from >= 0 && overIndex >= 0) dispatch({ type: 'move', from, to: overIndex });
  };

  return { sensors, dragging, onDragStart, onDragEnd, onDragCancel: () => setDragging(null) };
}
