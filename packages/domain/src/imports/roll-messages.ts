import { formatCount } from '../common/index.js';

/** The school roll's row messages (docs/imports.md); each follows 'Línea N, COLUMNA: '. */
export const rollMessages = {
  /** 'Confirmar' on a roll checked for a year that a new gestión has closed since. */
  yearNoLongerOpen: (year: number, open: number) =>
    `La nómina revisada es de la gestión ${year}, que ya está cerrada (la gestión abierta es ${open}); revise el archivo de la gestión ${open}.`,
  department:
    'departamento no válido (use su número 1–9 o su código: CHU, LP, CBA, OR, PT, TJ, SCZ, BN, PN).',
  districtCode: 'código de distrito no válido (un número de hasta 7 cifras).',
  sie: 'código SIE no válido (8 cifras).',
  codeType: 'tipo no válido (use UE o 1 para Unidad Educativa, CEE o 4 para Centro de Educación Especial).',
  dependency: 'dependencia no válida (use PUBLICA o CONVENIO).',
  area: 'área no válida (use URBANO o RURAL).',
  subsystem: 'subsistema no válido (use REGULAR o ESPECIAL).',
  year: 'gestión no válida (un año de 4 cifras).',
  otherYear: (year: number) => `la fila es de otra gestión; este archivo debe ser de la gestión ${year}.`,
  level: 'nivel no válido (use PRIMARIA o 12, SECUNDARIA o 13, ESPECIAL o 1).',
  grade: 'grado no válido (de 1 a 6, o 99 para CEA).',
  parallel: 'paralelo no válido (una letra de la A a la Z).',
  shift: 'turno no válido (use MAÑANA, TARDE o NOCHE).',
  gender: 'género no válido (use M o F).',
  birthDate: (year: number) =>
    `fecha de nacimiento no válida (use dd/mm/aaaa, entre 01/01/1900 y el 31/12/${year}).`,
  document: 'carnet no válido (números, letras o guion, hasta 15).',
  complement: 'complemento no válido (hasta 4 letras o números).',
  unknownDistrict: (code: number) =>
    `el distrito ${code} no existe: impórtelo antes en el archivo de distritos.`,
  unknownSie: (sie: number) =>
    `la unidad educativa ${sie} no existe: impórtela antes en el archivo de unidades educativas.`,
  districtOfOtherDepartment: (code: number) =>
    `el distrito ${code} ya existe en otro departamento; un distrito no cambia de departamento.`,
  tooManyRows: (max: number) =>
    `El archivo tiene más de ${formatCount(max)} filas: no parece un archivo de distritos o de unidades educativas.`,
  checking: (rows: number) => `Revisando el archivo: ${formatCount(rows)} filas leídas.`,
  checked: 'Revisión terminada.',
  writing: (done: number, total: number) =>
    `Importando: ${formatCount(done)} de ${formatCount(total)} filas.`,
  merging: 'Actualizando estudiantes e inscripciones…',
  done: (
    kind: 'districts' | 'institutions' | 'roll',
    c: { new: number; changed: number; unchanged: number; withdrawn?: number },
  ) =>
    `Importación terminada: ${formatCount(c.new)} ${kind === 'roll' ? 'estudiantes nuevos' : kind === 'districts' ? 'distritos nuevos' : 'unidades educativas nuevas'}, ${formatCount(c.changed)} con cambios y ${formatCount(c.unchanged)} sin cambios${kind === 'roll' ? `; ${formatCount(c.withdrawn ?? 0)} marcados como retirados` : ''}.`,
  duplicateKey: (line: number, first: number, key: string) =>
    `Línea ${line}: ${key} ya aparece en la línea ${first}; cada fila debe figurar una sola vez.`,
} as const;
