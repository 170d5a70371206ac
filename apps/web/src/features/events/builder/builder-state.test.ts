import { createField, defaultFormConfig, FIELD_ID_PATTERN } from '@bjp/domain';
import { describe, expect, it } from 'vitest';
import { builderFromForm, builderReducer, emptyBuilder } from './builder-state';

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

describe('builderFromForm', () => {
  it('loads a saved form for editing: fields as stored, config completed, nothing selected', () => {
    const [text, list] = [createField('input', 'campo_Texto'), createField('select', 'campo_Lista')];
    const state = builderFromForm({
      name: 'Inscripción feria',
      description: 'Feria 2025',
      definition: { config: { gutter: 20 }, fields: [{ ...text, label: 'Colegio' }, list] },
    });
    expect(state).toMatchObject({ name: 'Inscripción feria', description: 'Feria 2025', selectedId: null });
    expect(state.config).toEqual({ ...defaultFormConfig, gutter: 20 });
    expect(state.fields.map((f) => [f.id, f.label])).toEqual([
      ['campo_Texto', 'Colegio'],
      ['campo_Lista', list.label],
    ]);
    // Editing then works as on a new form: a copy gets a fresh id.
    const copied = builderReducer(state, { type: 'copy', id: 'campo_Texto' });
    expect(copied.fields).toHaveLength(3);
    expect(copied.fields[1]!.id).not.toBe('campo_Texto');
  });
});
