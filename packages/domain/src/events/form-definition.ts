import { z } from 'zod';
import { codesOf, messages } from '../common/index.js';
import { eventMessages } from './messages.js';
import { optionSourceProblem } from './option-sources.js';
import { compileUserPattern } from './user-pattern.js';

/** The builder's palette (part 1 §2): text, checkbox group, number, radio group, select list, slider, switch, time select, file upload. */
export const fieldKindLabels = {
  input: 'Texto',
  checkbox: 'Grupo de casillas',
  number: 'Número',
  radio: 'Grupo de opciones',
  select: 'Lista de selección',
  slider: 'Deslizador',
  switch: 'Interruptor',
  time: 'Selección de hora',
  upload: 'Subir archivo',
};
export const fieldKinds = codesOf(fieldKindLabels);
export type FieldKind = (typeof fieldKinds)[number];

export const inputTypes = ['text', 'textarea', 'password', 'number'] as const;
export const FIELD_ID_PATTERN = /^campo_[A-Za-z0-9]{5}$/;
const FIELD_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const text = (max: number) => z.string().max(max, messages.tooLong);

export const fieldOption = z.object({
  label: z.string().trim().min(1, messages.required).max(100, messages.tooLong),
  value: z.string().trim().min(1, messages.required).max(100, messages.tooLong),
});
export type FieldOption = z.infer<typeof fieldOption>;

/** Static options, or a list loaded from `url` whose items carry the label and value under labelKey/valueKey. */
export const fieldOptions = z
  .object({
    source: z.enum(['static', 'dynamic']),
    items: z.array(fieldOption).max(100),
    url: text(500).describe('Dirección de las opciones dinámicas: una ruta (/api/…) o https://'),
    method: z.enum(['GET', 'POST']),
    labelKey: text(50).describe('Nombre de la clave que trae la etiqueta'),
    valueKey: text(50).describe('Nombre de la clave que trae el valor'),
  })
  .superRefine((o, ctx) => {
    if (o.source === 'static' && o.items.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: eventMessages.optionsRequired });
    }
    // The address itself is checked by formDefinition (optionSourceProblem): a stored form, or the
    // public page's copy of one whose source was withheld (empty address), still reads.
    if (o.source === 'dynamic' && (!o.labelKey.trim() || !o.valueKey.trim())) {
      ctx.addIssue({ code: 'custom', path: ['labelKey'], message: messages.required });
    }
  });
export type FieldOptions = z.infer<typeof fieldOptions>;

/**
 * A custom pattern rule: empty pattern, 'Ingresar valor válido', on blur by default (part 1 §5). The
 * pattern runs with RE2 semantics (compileUserPattern); formDefinition refuses one RE2 cannot compile.
 */
export const patternRule = z.object({
  pattern: text(200),
  message: text(200),
  trigger: z.enum(['blur', 'change']),
});
export type PatternRule = z.infer<typeof patternRule>;

const common = {
  id: z.string().regex(FIELD_ID_PATTERN).describe("'campo_' y 5 letras o números"),
  name: z
    .string()
    .regex(FIELD_NAME_PATTERN, eventMessages.invalidFieldName)
    .describe('Nombre del campo en los datos'),
  label: z.string().trim().min(1, messages.required).max(120, messages.tooLong),
  showLabel: z.boolean(),
  labelWidth: z.number().int().min(0).max(600).describe('Ancho de la etiqueta en píxeles'),
  placeholder: text(200),
  required: z.boolean().describe("'Obligatorio': regla 'Campo obligatorio' al cambiar"),
  rules: z.array(patternRule).max(10),
};

const rangeOf = {
  min: z.number().finite(),
  max: z.number().finite(),
  step: z.number().positive().finite(),
};

export const fieldDefinition = z.discriminatedUnion('kind', [
  z.object({ ...common, kind: z.literal('input'), inputType: z.enum(inputTypes), defaultValue: text(500) }),
  z.object({
    ...common,
    kind: z.literal('number'),
    ...rangeOf,
    defaultValue: z.number().finite().nullable(),
  }),
  z.object({ ...common, kind: z.literal('slider'), ...rangeOf, defaultValue: z.number().finite() }),
  z.object({ ...common, kind: z.literal('switch'), defaultValue: z.boolean() }),
  z.object({
    ...common,
    kind: z.literal('time'),
    defaultValue: z.union([z.literal(''), z.string().regex(TIME_PATTERN)]),
  }),
  z.object({
    ...common,
    kind: z.literal('checkbox'),
    options: fieldOptions,
    defaultValue: z.array(text(100)).max(100),
  }),
  z.object({ ...common, kind: z.literal('radio'), options: fieldOptions, defaultValue: text(100) }),
  z.object({ ...common, kind: z.literal('select'), options: fieldOptions, defaultValue: text(100) }),
  z.object({
    ...common,
    kind: z.literal('upload'),
    upload: z.object({
      accept: z.enum(['image', 'file']).describe('image: PNG/JPEG/GIF/WebP; file: además PDF'),
      limit: z.number().int().min(1).max(5).describe('Cantidad de archivos'),
    }),
  }),
]);
export type FieldDefinition = z.infer<typeof fieldDefinition>;
export type FieldOf<K extends FieldKind> = Extract<FieldDefinition, { kind: K }>;

/** Form settings of the generated code (part 1 §3: model name, ref name, buttons, gutter). */
export const formConfig = z.object({
  modelName: z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,39}$/, eventMessages.invalidFieldName),
  refName: z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,39}$/, eventMessages.invalidFieldName),
  showButtons: z.boolean().describe("Botones 'Crear' y 'Cancelar' en el código generado"),
  gutter: z.number().int().min(0).max(60),
  labelWidth: z.number().int().min(0).max(600),
});
export type FormConfig = z.infer<typeof formConfig>;

/**
 * A definition as stored: the shape and the consistency of the fields. Forms saved before patterns ran
 * with RE2 and before option sources were allowlisted still read with it (their patterns then refuse
 * every value, and their sources are not called); new forms pass formDefinition.
 */
export const storedFormDefinition = z
  .object({ config: formConfig, fields: z.array(fieldDefinition).max(50) })
  .superRefine((form, ctx) => {
    const ids = new Set<string>();
    const names = new Set<string>();
    form.fields.forEach((field, i) => {
      if (ids.has(field.id))
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'id'], message: eventMessages.duplicateFieldId });
      if (names.has(field.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['fields', i, 'name'],
          message: eventMessages.duplicateFieldName,
        });
      }
      ids.add(field.id);
      names.add(field.name);
      if ((field.kind === 'number' || field.kind === 'slider') && field.min > field.max) {
        ctx.addIssue({
          code: 'custom',
          path: ['fields', i, 'max'],
          message: eventMessages.minimumAboveMaximum,
        });
      }
    });
  });

/**
 * What the public page can run safely, checked when a form is saved: every pattern compiles with RE2
 * (linear time; no backreferences or lookarounds), and every dynamic option source is a GET of an
 * allowlisted list or an https address (the API then checks the host against its configuration).
 */
export const formDefinition = storedFormDefinition.superRefine((form, ctx) => {
  form.fields.forEach((field, i) => {
    field.rules.forEach((rule, j) => {
      if (rule.pattern && !compileUserPattern(rule.pattern).ok) {
        ctx.addIssue({
          code: 'custom',
          path: ['fields', i, 'rules', j, 'pattern'],
          message: eventMessages.invalidPattern(field.label),
        });
      }
    });
    if ('options' in field && field.options.source === 'dynamic') {
      const problem = optionSourceProblem(field.label, field.options);
      if (problem) ctx.addIssue({ code: 'custom', path: ['fields', i, 'options', 'url'], message: problem });
    }
  });
});
export type FormDefinition = z.infer<typeof formDefinition>;

export const defaultFormConfig: FormConfig = {
  modelName: 'formData',
  refName: 'elForm',
  showButtons: true,
  gutter: 15,
  labelWidth: 100,
};

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 'campo_' plus 5 random letters or digits; `random` returns [0, 1) (Math.random in the browser). */
export function newFieldId(random: () => number = Math.random): string {
  let suffix = '';
  for (let i = 0; i < 5; i++) suffix += ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)];
  return `campo_${suffix}`;
}

const defaultOptions = (): FieldOptions => ({
  source: 'static',
  items: [
    { label: 'Opción 1', value: '1' },
    { label: 'Opción 2', value: '2' },
  ],
  url: '',
  method: 'GET',
  labelKey: 'label',
  valueKey: 'value',
});

/** A new field of a palette kind with the builder's defaults; its name is its id. */
export function createField(kind: FieldKind, id: string): FieldDefinition {
  const common = {
    id,
    name: id,
    label: fieldKindLabels[kind],
    showLabel: true,
    labelWidth: 100,
    placeholder: '',
    required: true,
    rules: [],
  };
  switch (kind) {
    case 'input':
      return { ...common, kind, inputType: 'text', defaultValue: '', placeholder: 'Por favor ingrese' };
    case 'number':
      return { ...common, kind, min: 0, max: 100, step: 1, defaultValue: null };
    case 'slider':
      return { ...common, kind, min: 0, max: 100, step: 1, defaultValue: 0 };
    case 'switch':
      return { ...common, kind, defaultValue: false };
    case 'time':
      return { ...common, kind, defaultValue: '', placeholder: 'Seleccione la hora' };
    case 'checkbox':
      return { ...common, kind, options: defaultOptions(), defaultValue: [] };
    case 'radio':
    case 'select':
      return { ...common, kind, options: defaultOptions(), defaultValue: '' };
    case 'upload':
      return { ...common, kind, upload: { accept: 'file', limit: 1 } };
  }
}

/** A copy of a field with a new id; the name follows the id so the copy does not clash with the original. */
export function copyField(field: FieldDefinition, id: string): FieldDefinition {
  const copy = structuredClone(field);
  return { ...copy, id, name: field.name === field.id ? id : `${field.name}_${id.slice(6)}` };
}

/** Sample pattern presets of the original (email, URL, phone, national document); not offered in the UI. */
export const patternPresets = {
  email: '^[\\w.+-]+@[\\w-]+(\\.[\\w-]+)+$',
  url: '^https?://\\S+$',
  phone: '^\\d{7,8}$',
  document: '^\\d{5,10}$',
} as const;
