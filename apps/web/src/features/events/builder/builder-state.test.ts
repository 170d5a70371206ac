import { FIELD_ID_PATTERN } from '@bjp/domain';
import { describe, expect, it } from 'vitest';
import { builderReducer, emptyBuilder } from './builder-state';

describe('builderReducer', () => {
  it('adds at a position, copies with a new id, moves, removes and clears', () => {
    let state = builderReducer(emptyBuilder, { type: 'add', kind: 'input' });
    state = builderReducer(state, { type: 'add', kind: 'select', index: 0 });
    expect(state.fields.map((f) => f.kind)).toEqual(['select', 'input']);
    expect(state.selectedId).toBe(state.fields[0].id);

    const original = state.fields[1];
    state = builderReducer(state, { type: 'copy', id: original.id });
    const copy = state.fields[2];
    expect(copy.id).toMatch(FIELD_ID_PATTERN);
    expect(copy.id).not.toBe(original.id);
    expect(copy.name).not.toBe(original.name);
    expect(copy.kind).toBe('input');

    state = builderReducer(state, { type: 'move', from: 2, to: 0 });
    expect(state.fields[0].id).toBe(copy.id);

    state = builderReducer(state, { type: 'remove', id: copy.id });
    expect(state.fields.map((f) => f.kind)).toEqual(['select', 'input']);
    expect(state.selectedId).toBe(state.fields[0].id);

    state = builderReducer(state, { type: 'clear' });
    expect(state.fields).toEqual([]);
  });
});
