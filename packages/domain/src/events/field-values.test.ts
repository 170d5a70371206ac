import { describe, expect, it } from 'vitest';
import { fieldValueError, validateFieldValues } from './field-values.js';
import { createField } from './form-definition.js';

describe('fieldValueError', () => {
  it("says 'Campo obligatorio' for an empty required field", () => {
    const field = createField('input', 'campo_aaaaa');
    expect(fieldValueError(field, '')).toBe('Campo obligatorio');
    expect(fieldValueError({ ...field, required: false }, '')).toBeNull();
    expect(fieldValueError({ ...field, required: false }, '', { required: true })).toBe('Campo obligatorio');
  });

  it('runs pattern rules, by trigger when given', () => {
    const field = {
      ...createField('input', 'campo_aaaaa'),
      rules: [{ pattern: '^\\d+$', message: 'Ingresar valor valido', trigger: 'blur' as const }],
    };
    expect(fieldValueError(field, 'abc')).toBe('Ingresar valor valido');
    expect(fieldValueError(field, 'abc', { trigger: 'change' })).toBeNull();
    expect(fieldValueError(field, '123')).toBeNull();
  });

  it('checks options, ranges, times and file counts', () => {
    const select = createField('select', 'campo_aaaaa');
    expect(fieldValueError(select, '3')).toBe('Seleccione una opcion valida.');
    expect(fieldValueError(select, '2')).toBeNull();
    const checkbox = createField('checkbox', 'campo_bbbbb');
    expect(fieldValueError(checkbox, [])).toBe('Campo obligatorio');
    expect(fieldValueError(checkbox, ['1', '9'])).toBe('Seleccione una opcion valida.');
    const number = createField('number', 'campo_ccccc');
    expect(fieldValueError(number, 101)).toBe('Ingresar valor valido');
    expect(fieldValueError(number, '5')).toBe('Ingresar valor valido');
    const time = createField('time', 'campo_ddddd');
    expect(fieldValueError(time, '25:00')).toBe('Ingresar valor valido');
    expect(fieldValueError(time, '08:30')).toBeNull();
    const upload = createField('upload', 'campo_eeeee');
    expect(fieldValueError(upload, ['a', 'b'])).toBe('Supera la cantidad de archivos permitida.');
    const toggle = createField('switch', 'campo_fffff');
    expect(fieldValueError(toggle, false)).toBeNull();
  });
});

describe('validateFieldValues', () => {
  it('returns a message per failing field name', () => {
    const fields = [
      createField('input', 'campo_aaaaa'),
      { ...createField('radio', 'campo_bbbbb'), required: false },
    ];
    expect(validateFieldValues(fields, {})).toEqual({ campo_aaaaa: 'Campo obligatorio' });
    expect(validateFieldValues(fields, {}, { allRequired: true })).toEqual({
      campo_aaaaa: 'Campo obligatorio',
      campo_bbbbb: 'Campo obligatorio',
    });
  });
});
