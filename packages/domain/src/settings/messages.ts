/** What the programme years (gestiones) say: opening the next one, and refusing writes to a closed one. */
export const yearMessages = {
  yearInvalid: 'Gestión no válida.',
  amountInvalid: 'El monto por estudiante debe ser un número entero de bolivianos.',
  amountTooSmall: 'El monto por estudiante debe ser mayor que cero.',
  amountTooLarge: (max: number) => `El monto por estudiante no puede superar ${max} Bs.`,
  dateOutsideYear: (year: number) => `La fecha debe estar dentro de la gestión ${year}.`,
  deadlineBeforeStart: 'La fecha límite de directores no puede ser anterior al inicio del calendario.',
  registrationEndBeforeStart: 'El fin del registro de titulares no puede ser anterior a su inicio.',
  notNextYear: (open: number) =>
    `Solo se puede abrir la gestión ${open + 1}, la siguiente a la gestión abierta (${open}).`,
  alreadyOpened: (year: number, open: number) =>
    `La gestión ${year} ya fue abierta: la gestión abierta ahora es ${open}. Recargue la página.`,
  opened: (year: number) => `Gestión ${year} abierta. Importe ahora su padrón de estudiantes.`,
  closedYear: (year: number) => `La gestión ${year} está cerrada: sus datos solo se pueden consultar.`,
  /** A read route asked for a year the console never held (400). */
  unknown: (year: number) => `La gestión ${year} no existe en la consola.`,
  /** The banner of a page showing a closed year. */
  closedBanner: (year: number) => `Gestión ${year} (cerrada) — solo consulta`,
  registrationPeriodName: 'Registro de titulares',
  registrationPeriodPhase: (year: number) => `Registro Titulares BJP ${year}`,
} as const;
