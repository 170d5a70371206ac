/** The kinds of frozen declaration (the schema's enum in schemas.ts is built from this list). */
export const DECLARATION_KINDS = ['holders', 'paid_validation'] as const;

export const declarationKindLabels: Record<(typeof DECLARATION_KINDS)[number], string> = {
  holders: 'Declaración jurada de registro de titulares',
  paid_validation: 'Declaración jurada de validación de pagados',
};

export const declarationMessages = {
  superseded: 'Reemplazada',
  current: 'Vigente',
  /** Versions count per programme year (decision 042): a number names a version of one year only. */
  versionNotFound: (version: number, year: number) =>
    `No existe la versión ${version} de la declaración en la gestión ${year}.`,
  noneInYear: (year: number) => `La unidad educativa no tiene declaración guardada de la gestión ${year}.`,
  malformedCode:
    'El código de verificación no es válido: son 16 caracteres (letras y números) en grupos de cuatro, por ejemplo K7QF-2M9X-4HC1-P8ZD.',
  unknownCode:
    'El código no corresponde a ninguna declaración registrada. El documento que lo lleva no es una declaración emitida por el sistema.',
  supersededNotice:
    'Esta versión fue reemplazada: la unidad educativa fue habilitada y consolidó una nueva versión.',
  verificationTitle: 'Verificación de declaración jurada',
  changedWhileRendering: 'Los datos cambiaron mientras se generaba la declaración; intente de nuevo.',
};
