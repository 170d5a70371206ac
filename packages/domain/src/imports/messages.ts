import { payingBankNames } from '../payments/index.js';
import { ABANDONED_IMPORT_DAYS } from './schemas.js';

/** The import's messages: structural errors refuse the whole file, row errors name line and column. */
export const importMessages = {
  rowError: (line: number, column: string, message: string) => `Línea ${line}, ${column}: ${message}`,
  wrongColumns: (missing: readonly string[], extra: readonly string[], expected: readonly string[]) =>
    [
      'Las columnas del archivo no son las esperadas',
      missing.length > 0 ? ` (faltan: ${missing.join(', ')})` : '',
      extra.length > 0 ? ` (sobran: ${extra.join(', ')})` : '',
      `. Use la plantilla: ${expected.join(', ')}.`,
    ].join(''),
  duplicateColumn: (name: string) => `La columna ${name || '(vacía)'} aparece más de una vez en la cabecera.`,
  rowWidth: (cells: number, header: number) => `la fila tiene ${cells} columnas y la cabecera ${header}.`,
  empty: 'El archivo está vacío: no tiene cabecera.',
  noRows: 'El archivo no tiene filas de datos, solo la cabecera.',
  unreadableXlsx: 'El archivo no se puede leer como planilla Excel (XLSX): está dañado o no es una planilla.',
  notXlsx: 'El archivo es un ZIP pero no una planilla Excel (XLSX).',
  zipTooLarge:
    'La planilla XLSX se descomprime en demasiados datos (más de 1 GB o una compresión anormal); no es una planilla que Excel guarde. Guárdela de nuevo o use CSV.',
  notText:
    'El archivo no es un CSV de texto ni una planilla XLSX (contiene datos binarios). Guárdelo como CSV o XLSX.',
  quoting: (line: number) =>
    `Línea ${line}: las comillas del CSV no están bien cerradas o hay un campo con comillas mal formado; revise esa línea.`,
  csvShape: (line: number, detail: string) => `Línea ${line}: el CSV no se puede leer (${detail}).`,
  duplicateRude: (line: number, first: number, rude: string) =>
    `Línea ${line}: el RUDE ${rude} ya aparece en la línea ${first}; cada estudiante debe figurar una sola vez.`,
  tooLarge: (mb: number) => `El archivo supera el tamaño máximo de ${mb} MB.`,
  noFile: 'Adjunte el archivo a importar (campo «archivo»).',
  required: 'dato obligatorio vacío.',
  invalidText: 'el texto contiene caracteres no válidos.',
  tooLong: (max: number) => `no puede tener más de ${max} caracteres.`,
  rudeShape: 'RUDE no válido (solo letras y números, hasta 30).',
  amountShape: 'monto no válido (use un número, p. ej. 200 o 200.00).',
  amountNotProgramme: (amount: number) =>
    `el monto debe ser ${amount} Bs, el monto del programa por estudiante.`,
  dateShape: 'fecha no válida (use dd/mm/aaaa).',
  unknownBank: (written: string) =>
    `el banco «${written}» no es uno de los bancos que pagan el bono (${payingBankNames.join(', ')}).`,
  unknownRude: 'el RUDE no tiene inscripción en la gestión del programa.',
  removed: 'el estudiante está dado de baja; su pago no se registra.',
  blocked: 'el estudiante está bloqueado; su pago no se registra.',
  noTitular: 'el estudiante no tiene titular asignado; su pago no se registra.',
  fileChanged: 'El archivo guardado ya no coincide con el revisado; vuelva a subirlo.',
  notFound: 'No existe la importación indicada.',
  invalidId: 'Identificador de importación no válido.',
  alreadyConfirmed: 'Esta importación ya fue confirmada.',
  expired: `El archivo de esta revisión se borró tras ${ABANDONED_IMPORT_DAYS} días sin confirmar; vuelva a subirlo.`,
  notChecked: 'El archivo todavía no pasó la revisión: espere su resultado o vuelva a subirlo.',
  progress: (done: number, total: number) => `Importando pagos: ${done} de ${total} filas.`,
  done: (inserted: number, changed: number, unchanged: number) =>
    `Importación terminada: ${inserted} pagos nuevos, ${changed} modificados y ${unchanged} sin cambios.`,
} as const;
