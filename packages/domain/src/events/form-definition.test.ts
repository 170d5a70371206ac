import { describe, expect, it } from 'vitest';
import {
  copyField,
  createField,
  defaultFormConfig,
  FIELD_ID_PATTERN,
  fieldKinds,
  formDefinition,
  newFieldId,
} from './form-definition.js';

describe('newFieldId', () => {
  it("is 'campo_' plus 5 letters or digits", () => {
    for (let i = 0; i < 200; i++) expect(newFieldId()).toMatch(FIELD_ID_PATTERN);
    expect(newFieldId(() => 0)).toBe('campo_AAAAA');
    expect(newFieldId(() => 0.9999)).toBe('campo_99999');
  });
});

describe('formDefinition', () => {
  const valid = () => ({
    config: defaultFormConfig,
    fields: fieldKinds.map((kind, i) => createField(kind, `campo_abc${i}${i}`)),
  });

  it('accepts a field of every palette kind with the builder defaults', () => {
    const parsed = formDefinition.safeParse(valid());
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('refuses repeated ids and names, bad ids, bad regexes, empty static options', () => {
    const form = valid();
    form.fields[1] = { ...form.fields[1], id: form.fields[0].id, name: form.fields[0].name };
    const messages = formDefinition.safeParse(form).error?.issues.map((i) => i.message);
    expect(messages).toContain('El identificador del campo se repite en el formulario.');
    expect(messages).toContain('El nombre del campo se repite en el formulario.');

    const badId = valid();
    badId.fields[0] = { ...badId.fields[0], id: 'campo_1' };
    expect(formDefinition.safeParse(badId).success).toBe(false);

    const badRule = valid();
    badRule.fields[0] = {
      ...badRule.fields[0],
      rules: [{ pattern: '([a-z', message: 'x', trigger: 'blur' }],
    };
    expect(formDefinition.safeParse(badRule).error?.issues[0]?.message).toBe(
      'La expresión regular del campo «Texto» no es válida o usa construcciones no admitidas (referencias hacia atrás, búsquedas hacia adelante).',
    );

    const noOptions = valid();
    const select = createField('select', 'campo_zzzzz');
    if (select.kind === 'select') select.options.items = [];
    noOptions.fields = [select];
    expect(formDefinition.safeParse(noOptions).error?.issues[0]?.message).toBe(
      'Agregue al menos una opción.',
    );
  });

  it('refuses an unknown kind and a dynamic list that is not a GET of an allowlisted list or https address', () => {
    expect(
      formDefinition.safeParse({ ...valid(), fields: [{ kind: 'html', id: 'campo_aaaaa' }] }).success,
    ).toBe(false);
    const dynamic = createField('radio', 'campo_yyyyy');
    if (dynamic.kind === 'radio')
      dynamic.options = { ...dynamic.options, source: 'dynamic', url: 'http://evil/x' };
    expect(formDefinition.safeParse({ ...valid(), fields: [dynamic] }).success).toBe(false);
    if (dynamic.kind === 'radio') dynamic.options.url = '/api/v1/catalogo';
    expect(formDefinition.safeParse({ ...valid(), fields: [dynamic] }).success).toBe(false);
    if (dynamic.kind === 'radio') dynamic.options.url = '/api/v1/public/option-lists/departments';
    expect(formDefinition.safeParse({ ...valid(), fields: [dynamic] }).success).toBe(true);
  });
});

describe('copyField', () => {
  it('gives the copy a new id and a name that does not clash', () => {
    const original = createField('input', 'campo_aaaaa');
    const copy = copyField(original, 'campo_bbbbb');
    expect(copy).toMatchObject({ id: 'campo_bbbbb', name: 'campo_bbbbb', label: original.label });
    const named = { ...original, name: 'colegio' };
    expect(copyField(named, 'campo_ccccc').name).toBe('colegio_ccccc');
  });
});
