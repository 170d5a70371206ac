import { z } from 'zod';
import { documentComplement, documentNumber } from '../holders/index.js';
import { departments, levels, shifts } from '../structure/index.js';
import {
  checkHeader,
  choiceCell,
  dayCell,
  type HeaderCheck,
  rudeCell,
  templateCsv,
  textCell,
  wholeCell,
} from './layout.js';
import { rollMessages } from './roll-messages.js';

/**
 * The year's school roll as the education information system (SIE) exports it (docs/imports.md),
 * in three files imported in this order, each checked against what the earlier ones brought:
 *
 * 1. districts — the places under the nine departments (the departments themselves are fixed);
 * 2. institutions — schools and special-education centres, each in a district;
 * 3. roll — one row per student enrolled in the programme year: the student (by RUDE), the course
 *    (school, level, grade, parallel, shift) and so the inscription.
 *
 * Columns are matched by name in any order (see layout.ts); codes may be written as their number
 * or their name ('12' or 'Primaria'), because the data team's spreadsheets carry either.
 */

// ——— districts ———

export const districtColumns = ['COD_DEPARTAMENTO', 'COD_DISTRITO', 'DISTRITO'] as const;
export type DistrictColumn = (typeof districtColumns)[number];

/** A district code: the SIE's number (department × 1000 + position in the demo; up to 7 digits). */
const districtCode = wholeCell(1, 9_999_999, rollMessages.districtCode);

export const districtRow = z.object({
  COD_DEPARTAMENTO: choiceCell(
    departments.map((d) => ({ value: d.id as number, names: [String(d.id), d.code, d.name] })),
    rollMessages.department,
  ),
  COD_DISTRITO: districtCode,
  DISTRITO: textCell(100, true, true),
});
export type DistrictRow = z.output<typeof districtRow>;

export const checkDistrictHeader = (cells: readonly string[]): HeaderCheck<DistrictColumn> =>
  checkHeader(districtColumns, cells);

export const districtTemplateCsv = templateCsv(districtColumns, ['LP', '2001', 'LA PAZ 1']);

// ——— institutions ———

export const institutionColumns = [
  'SIE',
  'NOMBRE',
  'TIPO',
  'DEPENDENCIA',
  'AREA',
  'SUBSISTEMA',
  'COD_DISTRITO',
] as const;
export type InstitutionColumn = (typeof institutionColumns)[number];

/** An SIE code: eight digits. */
export const sieCell = wholeCell(10_000_000, 99_999_999, rollMessages.sie);

export const institutionRow = z.object({
  SIE: sieCell,
  NOMBRE: textCell(150, true, true),
  TIPO: choiceCell(
    [
      { value: 1, names: ['1', 'UE', 'Unidad Educativa'] },
      { value: 4, names: ['4', 'CEE', 'Centro de Educación Especial'] },
    ],
    rollMessages.codeType,
  ),
  DEPENDENCIA: choiceCell(
    [
      { value: 1, names: ['1', 'Pública', 'Fiscal'] },
      { value: 2, names: ['2', 'Convenio'] },
    ],
    rollMessages.dependency,
  ),
  AREA: choiceCell(
    [
      { value: 'U', names: ['U', 'Urbano', 'Urbana'] },
      { value: 'R', names: ['R', 'Rural'] },
    ],
    rollMessages.area,
  ),
  SUBSISTEMA: choiceCell(
    [
      { value: 'Regular', names: ['Regular'] },
      { value: 'Especial', names: ['Especial'] },
    ],
    rollMessages.subsystem,
  ),
  COD_DISTRITO: districtCode,
});
export type InstitutionRow = z.output<typeof institutionRow>;

export const checkInstitutionHeader = (cells: readonly string[]): HeaderCheck<InstitutionColumn> =>
  checkHeader(institutionColumns, cells);

export const institutionTemplateCsv = templateCsv(institutionColumns, [
  '20730014',
  'UNIDAD EDUCATIVA JUANCITO PINTO',
  'UE',
  'PUBLICA',
  'URBANO',
  'REGULAR',
  '2001',
]);

// ——— the roll: students and their inscriptions ———

export const rollColumns = [
  'GESTION',
  'SIE',
  'NIVEL',
  'GRADO',
  'PARALELO',
  'TURNO',
  'RUDE',
  'PATERNO',
  'MATERNO',
  'NOMBRES',
  'GENERO',
  'FECHA_NACIMIENTO',
  'CI',
  'COMPLEMENTO',
] as const;
export type RollColumn = (typeof rollColumns)[number];

/** The oldest birth date the roll accepts (adult education aside, nobody enrolled was born before). */
const OLDEST_BIRTH = '1900-01-01';

/** A roll row for the programme year `year`; a row of another gestión is an error of that row. */
export const rollRow = (year: number) =>
  z.object({
    GESTION: z.string().transform((v, ctx) => {
      const y = Number(v.trim());
      if (!/^\s*\d{4}\s*$/.test(v)) ctx.addIssue({ code: 'custom', message: rollMessages.year });
      else if (y !== year) ctx.addIssue({ code: 'custom', message: rollMessages.otherYear(year) });
      return y;
    }),
    SIE: sieCell,
    NIVEL: choiceCell(
      levels.map((l) => ({ value: l.id as number, names: [String(l.id), l.name] })),
      rollMessages.level,
    ),
    GRADO: wholeCell(1, 99, rollMessages.grade).refine((g) => g <= 6 || g === 99, {
      error: rollMessages.grade,
    }),
    PARALELO: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => /^[A-Z]$/.test(v), { error: rollMessages.parallel })
      .transform((v) => v.charCodeAt(0) - 64),
    TURNO: choiceCell(
      shifts.map((s) => ({ value: s.id as number, names: [String(s.id), s.name, s.name.slice(0, 1)] })),
      rollMessages.shift,
    ),
    RUDE: rudeCell,
    PATERNO: textCell(60, false),
    MATERNO: textCell(60, false),
    NOMBRES: textCell(60, true),
    GENERO: choiceCell(
      [
        { value: 1, names: ['1', 'M', 'Masculino', 'Hombre'] },
        { value: 2, names: ['2', 'F', 'Femenino', 'Mujer'] },
      ],
      rollMessages.gender,
    ),
    FECHA_NACIMIENTO: dayCell.refine((d) => d === '' || (d >= OLDEST_BIRTH && d <= `${year}-12-31`), {
      error: rollMessages.birthDate(year),
    }),
    // A student may have no identity document yet: both cells empty.
    CI: z.string().transform((v, ctx) => {
      if (v.trim() === '') return null;
      const parsed = documentNumber.safeParse(v);
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: rollMessages.document });
      return parsed.success ? parsed.data : null;
    }),
    COMPLEMENTO: z.string().transform((v, ctx) => {
      const parsed = documentComplement.safeParse(v);
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: rollMessages.complement });
      return parsed.success ? parsed.data : '';
    }),
  });
export type RollRow = z.output<ReturnType<typeof rollRow>>;

export const checkRollHeader = (cells: readonly string[]): HeaderCheck<RollColumn> =>
  checkHeader(rollColumns, cells);

export const rollTemplateCsv = (year: number) =>
  templateCsv(rollColumns, [
    String(year),
    '20730014',
    'PRIMARIA',
    '3',
    'A',
    'MAÑANA',
    '8073001420191234',
    'MAMANI',
    'QUISPE',
    'JUAN CARLOS',
    'M',
    '15/03/2016',
    '',
    '',
  ]);
