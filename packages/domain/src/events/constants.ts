/**
 * Event states (part 1 §3, §4): 1 created, 2 active (sent to communication), 3 concluded; issue 15
 * adds 4 cancelled ('Desactivar'): hidden from the public page, refuses enrollments, final.
 */
export const eventStates = { created: 1, active: 2, concluded: 3, cancelled: 4 } as const;
export type EventState = (typeof eventStates)[keyof typeof eventStates];

/** Tabs of 'Lista eventos'. */
export const eventTabs = [
  { id: 'created', label: 'Creados', state: eventStates.created },
  { id: 'active', label: 'Activos', state: eventStates.active },
  { id: 'concluded', label: 'Concluidos', state: eventStates.concluded },
  { id: 'cancelled', label: 'Desactivados', state: eventStates.cancelled },
  { id: 'all', label: 'Todos', state: null },
] as const;
export type EventTab = (typeof eventTabs)[number]['id'];

export const eventStateLabel = (state: number): string =>
  state === eventStates.created
    ? 'Creado'
    : state === eventStates.active
      ? 'Activo'
      : state === eventStates.cancelled
        ? 'Desactivado'
        : 'Concluido';

/** The public may see an event (its page, its files) once sent, until it is cancelled. */
export const isPublishedState = (state: number): boolean =>
  state === eventStates.active || state === eventStates.concluded;

/** Uploads: banner, poster and regulation up to 1024 KB (part 1 §9); the same for enrollment files. */
export const MAX_UPLOAD_KB = 1024;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_KB * 1024;
/** Uploaded images: at most 16 megapixels and 8000 pixels a side (a banner may be wide, never huge). */
export const MAX_IMAGE_PIXELS = 16_000_000;
export const MAX_IMAGE_SIDE = 8000;
export const eventFileKinds = ['banner', 'poster', 'regulation'] as const;
export type EventFileKind = (typeof eventFileKinds)[number];

/**
 * Public enrollment: requests per address per minute. A person enrols once; a school lab behind one
 * address may enrol a class, so the limit leaves room for that and stops scripted floods.
 */
export const PUBLIC_ENROLLMENT_RATE = { max: 20, timeWindow: 60_000 } as const;
export const PUBLIC_READ_RATE = { max: 240, timeWindow: 60_000 } as const;

/** Nationality of a participant (part 1 §3). */
export const nationalities = [
  { id: 1, label: 'Nacional' },
  { id: 2, label: 'Extranjero' },
] as const;

/** 'Ocupación' options of the base form; each is letters and spaces of at least 5 (part 1 §5). */
export const occupations = [
  'Estudiante',
  'Docente',
  'Director',
  'Administrativo',
  'Padre de familia',
  'Madre de familia',
  'Profesional',
  'Trabajador independiente',
] as const;

/** 'Institución' options of the base form; letters and spaces of at least 3. */
export const participantInstitutions = [
  'Unidad Educativa',
  'Centro de Educación Especial',
  'Centro de Educación Alternativa',
  'Dirección Distrital',
  'Dirección Departamental',
  'Ministerio de Educación',
  'Universidad',
  'Otra institución',
] as const;

/** Education subsystems a period or stage applies to (the 'Subsistema' badges). */
export const subsystems = ['Regular', 'Alternativa', 'Especial'] as const;
export type Subsystem = (typeof subsystems)[number];

/** Instances that take part in a stage: the Departamental, Distrital and BJP columns. */
export const periodInstances = [
  { id: 'departmental', label: 'Departamental' },
  { id: 'district', label: 'Distrital' },
  { id: 'institutional', label: 'BJP' },
] as const;
export type PeriodInstance = (typeof periodInstances)[number]['id'];

/** The text of the 'Estado' column. */
export const periodStates = ['VIGENTE', 'PROGRAMADO', 'CONCLUIDO'] as const;
export type PeriodState = (typeof periodStates)[number];
