import { describe, expect, it } from 'vitest';
import { checkRow } from './layout.js';
import {
  checkDistrictHeader,
  checkInstitutionHeader,
  checkRollHeader,
  districtRow,
  institutionRow,
  rollColumns,
  rollRow,
  rollTemplateCsv,
} from './roll-layout.js';

const student = (over: Partial<Record<string, string>> = {}) => ({
  GESTION: '2025',
  SIE: '20730014',
  NIVEL: 'Primaria',
  GRADO: '3',
  PARALELO: 'b',
  TURNO: 'mañana',
  RUDE: ' 8073001420191234 ',
  PATERNO: 'Mamani',
  MATERNO: '',
  NOMBRES: 'Juan Carlos',
  GENERO: 'm',
  FECHA_NACIMIENTO: '15/03/2016',
  CI: '',
  COMPLEMENTO: '',
  ...over,
});

const rows2025 = rollRow(2025);

describe('the school roll layout', () => {
  it('reads a student row, codes by number or by name', () => {
    const checked = checkRow(rows2025, student(), 2);
    expect(checked).toEqual({
      ok: true,
      data: {
        GESTION: 2025,
        SIE: 20730014,
        NIVEL: 12,
        GRADO: 3,
        PARALELO: 2,
        TURNO: 1,
        RUDE: '8073001420191234',
        PATERNO: 'MAMANI',
        MATERNO: '',
        NOMBRES: 'JUAN CARLOS',
        GENERO: 1,
        FECHA_NACIMIENTO: '2016-03-15',
        CI: null,
        COMPLEMENTO: '',
      },
    });
    const byNumber = checkRow(
      rows2025,
      student({ NIVEL: '13', TURNO: 'T', GENERO: '2', CI: '1234567', COMPLEMENTO: '1a' }),
      3,
    );
    expect(byNumber.ok && [byNumber.data.NIVEL, byNumber.data.TURNO, byNumber.data.GENERO]).toEqual([
      13, 2, 2,
    ]);
    expect(byNumber.ok && [byNumber.data.CI, byNumber.data.COMPLEMENTO]).toEqual(['1234567', '1A']);
  });

  it('names every problem of a row with its column, in Spanish', () => {
    const checked = checkRow(
      rows2025,
      student({
        GESTION: '2024',
        SIE: '2073',
        NIVEL: 'Inicial',
        GRADO: '7',
        PARALELO: 'AB',
        RUDE: '80-73',
        NOMBRES: ' ',
        GENERO: 'X',
        FECHA_NACIMIENTO: '31/02/2016',
        CI: '12 34',
      }),
      9,
    );
    expect(checked.ok).toBe(false);
    const columns = checked.ok ? [] : checked.errors.map((e) => e.column);
    expect(columns).toEqual([
      'GESTION',
      'SIE',
      'NIVEL',
      'GRADO',
      'PARALELO',
      'RUDE',
      'NOMBRES',
      'GENERO',
      'FECHA_NACIMIENTO',
      'CI',
    ]);
    const gestion = checked.ok ? undefined : checked.errors[0];
    expect(gestion).toEqual({
      line: 9,
      column: 'GESTION',
      message: 'la fila es de otra gestión; este archivo debe ser de la gestión 2025.',
    });
  });

  it('refuses a birth date after the programme year or before 1900', () => {
    expect(checkRow(rows2025, student({ FECHA_NACIMIENTO: '2026-01-01' }), 2).ok).toBe(false);
    expect(checkRow(rows2025, student({ FECHA_NACIMIENTO: '1899-12-31' }), 2).ok).toBe(false);
    expect(checkRow(rows2025, student({ FECHA_NACIMIENTO: '2025-12-31' }), 2).ok).toBe(true);
  });

  it('reads districts and institutions', () => {
    expect(
      checkRow(districtRow, { COD_DEPARTAMENTO: 'Potosí', COD_DISTRITO: '5003', DISTRITO: 'Uyuni' }, 2),
    ).toEqual({
      ok: true,
      data: { COD_DEPARTAMENTO: 5, COD_DISTRITO: 5003, DISTRITO: 'Uyuni' },
    });
    const school = checkRow(
      institutionRow,
      {
        SIE: '50730001',
        NOMBRE: 'Unidad Educativa Uyuni',
        TIPO: 'cee',
        DEPENDENCIA: 'Pública',
        AREA: 'rural',
        SUBSISTEMA: 'ESPECIAL',
        COD_DISTRITO: '5003',
      },
      2,
    );
    expect(school.ok && school.data).toEqual({
      SIE: 50730001,
      NOMBRE: 'Unidad Educativa Uyuni',
      TIPO: 4,
      DEPENDENCIA: 1,
      AREA: 'R',
      SUBSISTEMA: 'Especial',
      COD_DISTRITO: 5003,
    });
    expect(checkRow(districtRow, { COD_DEPARTAMENTO: 'XX', COD_DISTRITO: '-1', DISTRITO: '' }, 4).ok).toBe(
      false,
    );
  });

  it('checks each file header against its own columns', () => {
    expect(checkDistrictHeader(['cod departamento', 'Cod-Distrito', 'distrito']).ok).toBe(true);
    expect(checkInstitutionHeader(['SIE', 'NOMBRE']).ok).toBe(false);
    const wrong = checkRollHeader(['GESTION', 'SIE']);
    expect(wrong.ok ? '' : wrong.message).toContain('Use la plantilla: GESTION, SIE, NIVEL');
  });

  it('offers a template whose example row is valid', () => {
    const [header, example] = rollTemplateCsv(2025).trim().split('\r\n');
    expect(header!.split(';')).toEqual([...rollColumns]);
    const cells = Object.fromEntries(rollColumns.map((c, i) => [c, example!.split(';')[i]!]));
    expect(checkRow(rows2025, cells, 2).ok).toBe(true);
  });
});
