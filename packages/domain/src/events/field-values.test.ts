import { describe, expect, it } from 'vitest';
import { type FieldValue, fieldValueError, isAnswered, validateFieldValues } from './field-values.js';
import { createField, type FieldKind, fieldKinds } from './form-definition.js';

describe('fieldValueError', () => {
  it("says 'Campo obligatorio' for an empty required field", () => {
    const field = createField('input', 'campo_aaaaa');
    expect(fieldValueError(field, '')).toBe('Campo obligatorio');
    expect(fieldValueError({ ...field, required: false }, '')).toBeNull();
  });

  it('runs pattern rules, by trigger when given', () => {
    const field = {
      ...createField('input', 'campo_aaaaa'),
      rules: [{ pattern: '^\\d+$', message: 'Ingresar valor válido', trigger: 'blur' as const }],
    };
    expect(fieldValueError(field, 'abc')).toBe('Ingresar valor válido');
    expect(fieldValueError(field, 'abc', { trigger: 'change' })).toBeNull();
    expect(fieldValueError(field, '123')).toBeNull();
  });

  it('checks options, ranges, times and file counts', () => {
    const select = createField('select', 'campo_aaaaa');
    expect(fieldValueError(select, '3')).toBe('Seleccione una opción válida.');
    expect(fieldValueError(select, '2')).toBeNull();
    const checkbox = createField('checkbox', 'campo_bbbbb');
    expect(fieldValueError(checkbox, [])).toBe('Campo obligatorio');
    expect(fieldValueError(checkbox, ['1', '9'])).toBe('Seleccione una opción válida.');
    const number = createField('number', 'campo_ccccc');
    expect(fieldValueError(number, 101)).toBe('Ingresar valor válido');
    expect(fieldValueError(number, '5')).toBe('Ingresar valor válido');
    const time = createField('time', 'campo_ddddd');
    expect(fieldValueError(time, '25:00')).toBe('Ingresar valor válido');
    expect(fieldValueError(time, '08:30')).toBeNull();
    const upload = createField('upload', 'campo_eeeee');
    expect(fieldValueError(upload, ['a', 'b'])).toBe('Supera la cantidad de archivos permitida.');
    const toggle = { ...createField('switch', 'campo_fffff'), required: false };
    expect(fieldValueError(toggle, false)).toBeNull();
    expect(fieldValueError(toggle, 'si')).toBe('Ingresar valor válido');
  });
});

/** Per kind: a value that answers the field, and the empty values a browser or a client may send. */
const answers: Record<FieldKind, { answer: FieldValue; empty: Array<FieldValue | undefined> }> = {
  input: { answer: 'Colegio Ayacucho', empty: ['', null, undefined] },
  number: { answer: 5, empty: [null, undefined] },
  slider: { answer: 0, empty: [null, undefined] },
  switch: { answer: true, empty: [false, null, undefined] },
  time: { answer: '08:30', empty: ['', null, undefined] },
  checkbox: { answer: ['1'], empty: [[], null, undefined] },
  radio: { answer: '1', empty: ['', null, undefined] },
  select: { answer: '2', empty: ['', null, undefined] },
  upload: { answer: ['foto.png'], empty: [[], null, undefined] },
};

describe("'Obligatorio' for every field kind", () => {
  it('covers every kind of the palette', () => {
    expect(Object.keys(answers).sort()).toEqual([...fieldKinds].sort());
  });

  for (const kind of fieldKinds) {
    const { answer, empty } = answers[kind];
    const field = createField(kind, 'campo_aaaaa');
    const required = { ...field, required: true };
    const optional = { ...field, required: false };
    const message =
      kind === 'switch' ? 'Campo obligatorio: debe activarlo para continuar.' : 'Campo obligatorio';

    it(`${kind}: required refuses an empty answer with '${message}' and accepts an answer`, () => {
      for (const value of empty) {
        expect(isAnswered(required, value)).toBe(false);
        expect(fieldValueError(required, value)).toBe(message);
        expect(validateFieldValues([required], { campo_aaaaa: value })).toEqual({ campo_aaaaa: message });
      }
      expect(isAnswered(required, answer)).toBe(true);
      expect(fieldValueError(required, answer)).toBeNull();
    });

    it(`${kind}: optional accepts a missing or empty answer, and an answer`, () => {
      for (const value of empty) expect(fieldValueError(optional, value)).toBeNull();
      expect(validateFieldValues([optional], {})).toEqual({});
      expect(fieldValueError(optional, answer)).toBeNull();
    });
  }
});

describe('validateFieldValues', () => {
  it('returns a message per failing field name', () => {
    const fields = [
      createField('input', 'campo_aaaaa'),
      { ...createField('radio', 'campo_bbbbb'), required: false },
    ];
    expect(validateFieldValues(fields, {})).toEqual({ campo_aaaaa: 'Campo obligatorio' });
  });
});
