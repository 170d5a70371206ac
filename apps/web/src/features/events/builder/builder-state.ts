import {
  copyField,
  createField,
  defaultFormConfig,
  type FieldDefinition,
  type FieldKind,
  type FormConfig,
  fieldKinds,
  newFieldId,
} from '@bjp/domain';

export type BuilderState = {
  name: string;
  description: string;
  config: FormConfig;
  fields: FieldDefinition[];
  selectedId: string | null;
};

export type BuilderAction =
  | { type: 'add'; kind: FieldKind; index?: number }
  | { type: 'select'; id: string | null }
  | { type: 'update'; id: string; field: FieldDefinition }
  | { type: 'copy'; id: string }
  | { type: 'remove'; id: string }
  | { type: 'move'; from: number; to: number }
  | { type: 'clear' }
  | { type: 'reset' }
  | { type: 'meta'; name?: string; description?: string; config?: FormConfig };

export const emptyBuilder: BuilderState = {
  name: '',
  description: '',
  config: defaultFormConfig,
  fields: [],
  selectedId: null,
};

/** A field id not used yet in the form ('campo_' + 5 random letters or digits). */
function freshId(fields: FieldDefinition[]): string {
  let id = newFieldId();
  while (fields.some((f) => f.id === id || f.name === id)) id = newFieldId();
  return id;
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'add': {
      const field = createField(action.kind, freshId(state.fields));
      const fields = [...state.fields];
      fields.splice(action.index ?? fields.length, 0, field);
      return { ...state, fields, selectedId: field.id };
    }
    case 'select':
      return { ...state, selectedId: action.id };
    case 'update':
      return { ...state, fields: state.fields.map((f) => (f.id === action.id ? action.field : f)) };
    case 'copy': {
      const index = state.fields.findIndex((f) => f.id === action.id);
      if (index < 0) return state;
      const copy = copyField(state.fields[index], freshId(state.fields));
      const fields = [...state.fields];
      fields.splice(index + 1, 0, copy);
      return { ...state, fields, selectedId: copy.id };
    }
    case 'remove': {
      const index = state.fields.findIndex((f) => f.id === action.id);
      const fields = state.fields.filter((f) => f.id !== action.id);
      const neighbour = fields[Math.min(index, fields.length - 1)]?.id ?? null;
      return { ...state, fields, selectedId: state.selectedId === action.id ? neighbour : state.selectedId };
    }
    case 'move': {
      if (action.from === action.to) return state;
      const fields = [...state.fields];
      const [moved] = fields.splice(action.from, 1);
      fields.splice(action.to, 0, moved);
      return { ...state, fields };
    }
    case 'clear':
      return { ...state, fields: [], selectedId: null };
    case 'reset':
      return emptyBuilder;
    case 'meta':
      return {
        ...state,
        name: action.name ?? state.name,
        description: action.description ?? state.description,
        config: action.config ?? state.config,
      };
  }
}

/**
 * A saved form loaded for editing: its name, description, settings and fields as stored. The
 * config is completed with the defaults (a form saved before a setting existed still opens), and
 * no field is selected. Field ids and names are kept, so answers given under them stay matched.
 */
export function builderFromForm(form: {
  name: string;
  description: string;
  definition: { config: Partial<FormConfig>; fields: FieldDefinition[] };
}): BuilderState {
  return {
    name: form.name,
    description: form.description,
    config: { ...defaultFormConfig, ...form.definition.config },
    fields: form.definition.fields.filter(isFieldLike),
    selectedId: null,
  };
}

/** The builder's draft lives in browser storage under 'settings' until the form is saved (part 1 §3). */
export const DRAFT_KEY = 'settings';

const isFieldLike = (value: unknown): value is FieldDefinition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { id?: unknown }).id === 'string' &&
  (fieldKinds as readonly unknown[]).includes((value as { kind?: unknown }).kind);

/** The stored draft, or an empty builder when there is none or it is unreadable. */
export function loadDraft(): BuilderState {
  try {
    const raw = localStorage.getItem(DRAFT_KEY);
    if (!raw) return emptyBuilder;
    const draft = JSON.parse(raw) as Partial<BuilderState>;
    return {
      name: typeof draft.name === 'string' ? draft.name : '',
      description: typeof draft.description === 'string' ? draft.description : '',
      config: { ...defaultFormConfig, ...(typeof draft.config === 'object' ? draft.config : {}) },
      fields: Array.isArray(draft.fields) ? draft.fields.filter(isFieldLike) : [],
      selectedId: null,
    };
  } catch {
    return emptyBuilder;
  }
}

export function saveDraft(state: BuilderState): void {
  const { selectedId: _selected, ...draft } = state;
  // An empty builder has no draft: after a save (or a fresh start) the key stays away.
  if (!draft.name && !draft.description && draft.fields.length === 0) {
    clearDraft();
    return;
  }
  try {
    localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the builder keeps working without a draft.
  }
}

export function clearDraft(): void {
  localStorage.removeItem(DRAFT_KEY);
}
