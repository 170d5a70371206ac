import type { ImportCounts, ImportKind } from '@bjp/domain';
import { type ApiPath, apiPath } from '../../app/api-path';

/** What the screen says about each kind of file: its layout, its template, its counts and its confirmation. */
export type KindText = {
  title: string;
  layout: string;
  template: { path: ApiPath; fileName: string };
  counts: Array<[keyof ImportCounts, string]>;
  /** The question before 'Confirmar', from the dry run's counts. */
  confirm: (c: ImportCounts) => string;
  /** What a failed import did not write. */
  nothingWritten: string;
};

const common = (thing: string, refusal: string): Array<[keyof ImportCounts, string]> => [
  ['rows', 'Filas leídas'],
  ['new', `${thing} nuevos`],
  ['unchanged', 'Sin cambios'],
  ['changed', 'Con cambios'],
  ['refused', `Rechazados (${refusal})`],
  ['errors', 'Filas con errores'],
];

export const kindTexts: Record<ImportKind, KindText> = {
  payments: {
    title: 'Archivo de pagos del banco',
    layout:
      'CSV (UTF-8 o Latin-1, separado por «;» o «,») o XLSX (primera hoja) con las columnas RUDE, MONTO, FECHA_PAGO (dd/mm/aaaa), BANCO, AGENCIA y MODALIDAD.',
    template: { path: apiPath('/imports/payments/template'), fileName: 'plantilla_pagos.csv' },
    counts: [
      ['rows', 'Filas leídas'],
      ['new', 'Pagos nuevos'],
      ['unchanged', 'Sin cambios (ya registrados)'],
      ['changed', 'Modificados'],
      ['refused', 'Rechazados (RUDE desconocido, baja, bloqueo o sin titular)'],
      ['errors', 'Filas con errores'],
    ],
    confirm: (c) =>
      `Se registrarán ${c.new + c.changed} pagos (nuevos o modificados). ¿Confirmar la importación?`,
    nothingWritten: 'No se escribió ningún pago.',
  },
  districts: {
    title: 'Nómina 1 de 3: distritos',
    layout:
      'CSV o XLSX con las columnas COD_DEPARTAMENTO (LP, La Paz o 2), COD_DISTRITO y DISTRITO. Impórtelo antes que las unidades educativas.',
    template: {
      path: apiPath('/imports/roll/{kind}/template', { kind: 'districts' }),
      fileName: 'plantilla_distritos.csv',
    },
    counts: common('Distritos', 'distrito de otro departamento'),
    confirm: (c) =>
      `Se crearán ${c.new} distritos y se actualizarán ${c.changed}. ¿Confirmar la importación?`,
    nothingWritten: 'No se escribió ningún distrito.',
  },
  institutions: {
    title: 'Nómina 2 de 3: unidades educativas',
    layout:
      'CSV o XLSX con las columnas SIE, NOMBRE, TIPO (UE o CEE), DEPENDENCIA, AREA, SUBSISTEMA y COD_DISTRITO. Los distritos deben existir.',
    template: {
      path: apiPath('/imports/roll/{kind}/template', { kind: 'institutions' }),
      fileName: 'plantilla_unidades_educativas.csv',
    },
    counts: common('Unidades educativas', 'distrito inexistente'),
    confirm: (c) =>
      `Se crearán ${c.new} unidades educativas y se actualizarán ${c.changed}. ¿Confirmar la importación?`,
    nothingWritten: 'No se escribió ninguna unidad educativa.',
  },
  roll: {
    title: 'Nómina 3 de 3: estudiantes e inscripciones',
    layout:
      'CSV o XLSX con una fila por estudiante inscrito en la gestión: GESTION, SIE, NIVEL, GRADO, PARALELO, TURNO, RUDE, PATERNO, MATERNO, NOMBRES, GENERO, FECHA_NACIMIENTO, CI y COMPLEMENTO. La revisión de la nómina nacional toma alrededor de un minuto.',
    template: {
      path: apiPath('/imports/roll/{kind}/template', { kind: 'roll' }),
      fileName: 'plantilla_nomina.csv',
    },
    counts: [
      ...common('Estudiantes', 'unidad educativa inexistente'),
      ['withdrawn', 'Retirados (inscritos que el archivo ya no lista; no se borran)'],
    ],
    confirm: (c) =>
      `Se inscribirán ${c.new} estudiantes nuevos, se actualizarán ${c.changed} y ${c.withdrawn ?? 0} quedarán marcados como retirados (no se borra ninguno). ¿Confirmar la importación?`,
    nothingWritten: 'No se escribió ningún estudiante.',
  },
};
