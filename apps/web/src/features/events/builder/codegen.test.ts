import { createField, defaultFormConfig } from '@bjp/domain';
import { describe, expect, it } from 'vitest';
import { generateCode } from './codegen';

describe('generateCode', () => {
  const fields = [
    { ...createField('input', 'campo_aaaaa'), label: 'Nombre <completo>' },
    createField('select', 'campo_bbbbb'),
    createField('checkbox', 'campo_ccccc'),
  ];

  it("writes every field, escaped, and 'Crear' / 'Cancelar' when the form shows buttons", () => {
    const code = generateCode('Feria', { config: defaultFormConfig, fields }, 'page');
    expect(code).toContain('<form id="elForm" name="formData">');
    expect(code).toContain('Nombre &lt;completo&gt; *');
    expect(code).toContain('<option value="2">Opción 2</option>');
    expect(code).toContain('type="checkbox" name="campo_ccccc" value="1"');
    expect(code).toContain('<button type="submit">Crear</button>');
    expect(code).toContain('<button type="reset">Cancelar</button>');
  });

  it('wraps the dialog kind and leaves the buttons out when asked', () => {
    const code = generateCode(
      'Feria',
      { config: { ...defaultFormConfig, showButtons: false }, fields },
      'dialog',
    );
    expect(code).toContain('<dialog open>');
    expect(code).not.toContain('Crear');
  });

  it("marks 'Obligatorio' as the public page reads it, and only on required fields", () => {
    const toggle = { ...createField('switch', 'campo_ddddd'), name: 'acepta', label: 'Acepta' };
    const radio = { ...createField('radio', 'campo_eeeee'), name: 'turno', label: 'Turno' };
    const optional = { ...createField('input', 'campo_fffff'), name: 'nota', label: 'Nota', required: false };
    const code = generateCode(
      'Feria',
      { config: defaultFormConfig, fields: [toggle, radio, optional, fields[2]!] },
      'page',
    );
    expect(code).toContain('name="acepta" type="checkbox" role="switch" required>');
    expect(code).toContain('type="radio" name="turno" value="1" required>');
    expect(code).toContain('aria-required="true" data-obligatorio="al-menos-uno"');
    expect(code).toContain('>Acepta *</label>');
    expect(code).toContain('>Nota</label>');
    expect(code).toMatch(/name="nota" type="text" value="" placeholder="Por favor ingrese">/);
  });
});
