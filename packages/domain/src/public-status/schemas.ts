import { z } from 'zod';
import { calendarDate, codesOf } from '../common/index.js';
import type { BonusState } from '../payments/index.js';

/** Public lookup: a family checks one student's bonus with RUDE and birth date, nothing else. */
export const publicStatusRequest = z.object({
  rude: z
    .string({ error: 'Ingrese RUDE estudiante' })
    .trim()
    .toUpperCase()
    .min(1, 'Ingrese RUDE estudiante')
    .max(20, 'Ingrese un RUDE válido')
    .regex(/^[A-Z0-9]+$/, 'Ingrese un RUDE válido')
    .describe('Código RUDE'),
  birthDate: calendarDate('Ingrese la fecha de nacimiento.').describe('Fecha de nacimiento yyyy-mm-dd'),
});
export type PublicStatusRequest = z.infer<typeof publicStatusRequest>;

export const publicStatusLabels = {
  COBRADO: 'Bono cobrado',
  OBSERVADO: 'Pago observado',
  SUSPENDIDO: 'Pago suspendido',
  HABILITADO: 'Habilitado para el cobro',
  PENDIENTE_TITULAR: 'Pendiente: la unidad educativa aún no registró al titular de cobro',
  SIN_TITULAR: 'Sin titular de cobro: la unidad educativa cerró su lista sin designarlo',
  BAJA: 'No es beneficiario en la gestión',
};
export const publicStatuses = codesOf(publicStatusLabels);
export type PublicStatus = (typeof publicStatuses)[number];

/** What the family should do, shown under the status where there is something to do. */
export const publicStatusAdvice: Partial<Record<PublicStatus, string>> = {
  OBSERVADO:
    'La unidad educativa declaró que el bono no llegó al estudiante, o el banco no registra el pago declarado. Consulte en su Dirección Distrital.',
  SUSPENDIDO: 'El pago está suspendido temporalmente. Consulte en su Dirección Distrital.',
  SIN_TITULAR:
    'La lista de la unidad educativa ya está consolidada. Consulte en la unidad educativa: la Dirección Distrital puede habilitarla para registrar al titular.',
};

/** What a family is told for each bonus state: the public face of the one payment truth. */
export const publicStatusOf: Record<BonusState, PublicStatus> = {
  PAGADO: 'COBRADO',
  PAGADO_POR_VALIDAR: 'COBRADO',
  PAGADO_SIN_DECLARAR: 'COBRADO',
  NO_PAGADO_DECLARADO: 'OBSERVADO',
  DECLARADO_SIN_PAGO: 'OBSERVADO',
  BLOQUEADO: 'SUSPENDIDO',
  PENDIENTE: 'HABILITADO',
  SIN_TITULAR: 'PENDIENTE_TITULAR',
  BAJA: 'BAJA',
};

/**
 * The family's status, knowing whether the school has consolidated its holders' list: once it has,
 * a student without a titular is no longer waiting for the school ('aún no registró') — the list was
 * closed without one, and only a reopening by the district can change that.
 */
export function publicStatusFor(state: BonusState, holdersListClosed: boolean): PublicStatus {
  const status = publicStatusOf[state];
  return status === 'PENDIENTE_TITULAR' && holdersListClosed ? 'SIN_TITULAR' : status;
}

export const publicYearStatus = z.object({
  rude: z.string(),
  year: z.number().int(),
  status: z.enum(publicStatuses),
  statusLabel: z.string(),
  collectionPoint: z.string().nullable().describe('Entidad y modalidad de pago, o la unidad educativa'),
  paidOn: z.string().nullable(),
});
export type PublicYearStatus = z.infer<typeof publicYearStatus>;

/**
 * The open year's answer and, under it, the closed years in which the student was inscribed, newest
 * first (decision 040): a family that looks up a student still sees last year's payment.
 */
export const publicStatusResponse = publicYearStatus.extend({
  closedYears: z
    .array(publicYearStatus)
    .describe('Gestiones cerradas en que el estudiante estuvo inscrito, la más reciente primero'),
});
export type PublicStatusResponse = z.infer<typeof publicStatusResponse>;

export const publicStatusMessages = {
  notFound: 'No se encontró un estudiante con los datos ingresados.',
} as const;

/** Per address: a family needs a few tries; guessing birth dates for a RUDE should not be practical. */
export const PUBLIC_STATUS_RATE = { max: 10, timeWindow: 60_000 } as const;
