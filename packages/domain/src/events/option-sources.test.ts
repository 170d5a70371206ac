import { describe, expect, it } from 'vitest';
import { createField, defaultFormConfig, formDefinition, storedFormDefinition } from './form-definition.js';
import { isAllowedOptionSource, optionSourceLists, optionSourceProblem } from './option-sources.js';

const get = (url: string) => ({ url, method: 'GET' });

describe('isAllowedOptionSource', () => {
  it('allows a GET of an allowlisted list, and of https on a configured host', () => {
    for (const list of optionSourceLists) expect(isAllowedOptionSource(get(list.url), [])).toBe(true);
    expect(isAllowedOptionSource(get('https://datos.minedu.gob.bo/api/x'), ['datos.minedu.gob.bo'])).toBe(
      true,
    );
    expect(isAllowedOptionSource(get('https://DATOS.minedu.gob.bo/x'), ['datos.minedu.gob.bo'])).toBe(true);
  });

  it('refuses another method, other API paths, other hosts, http and credentials in the address', () => {
    const hosts = ['datos.minedu.gob.bo'];
    expect(isAllowedOptionSource({ url: optionSourceLists[0].url, method: 'POST' }, hosts)).toBe(false);
    for (const url of [
      '/api/v1/auth/logout',
      '/api/v1/public/option-lists/departments/../../auth/logout',
      '/api/v1/public/option-lists/departments?x=1',
      '//evil.example/x',
      'https://evil.example/x',
      'https://datos.minedu.gob.bo.evil.example/x',
      'https://datos.minedu.gob.bo:8443/x',
      'https://user:pw@datos.minedu.gob.bo/x',
      'http://datos.minedu.gob.bo/x',
      'javascript:alert(1)',
    ]) {
      expect(isAllowedOptionSource(get(url), hosts), url).toBe(false);
    }
  });

  it('without a host list (the browser) checks only the form: https, or an allowlisted list', () => {
    expect(isAllowedOptionSource(get('https://any.example/x'))).toBe(true);
    expect(isAllowedOptionSource(get('/api/v1/auth/logout'))).toBe(false);
  });

  it('names the field in the Spanish message', () => {
    expect(optionSourceProblem('Turno', { url: '/api/v1/auth/logout', method: 'POST' })).toBe(
      'Las opciones del campo «Turno» solo pueden leerse con GET.',
    );
    expect(optionSourceProblem('Turno', get('/api/v1/auth/logout'))).toContain(
      'La fuente de opciones del campo «Turno» no está permitida',
    );
  });
});

describe('formDefinition and option sources', () => {
  const withSource = (url: string, method: 'GET' | 'POST' = 'GET') => {
    const select = createField('select', 'campo_aaaaa');
    if (select.kind !== 'select') throw new Error('select');
    select.label = 'Departamento';
    select.options = { ...select.options, source: 'dynamic', url, method };
    return { config: defaultFormConfig, fields: [select] };
  };

  it('refuses a POST or a non-allowlisted path at save; reads it back from storage', () => {
    const logout = withSource('/api/v1/auth/logout', 'POST');
    const issues = formDefinition.safeParse(logout).error?.issues ?? [];
    expect(issues.map((i) => i.message)).toEqual([
      'Las opciones del campo «Departamento» solo pueden leerse con GET.',
    ]);
    expect(issues[0]?.path).toEqual(['fields', 0, 'options', 'url']);
    expect(storedFormDefinition.safeParse(logout).success).toBe(true);
  });

  it('accepts an allowlisted list', () => {
    expect(formDefinition.safeParse(withSource(optionSourceLists[1].url)).success).toBe(true);
  });
});
