import { z } from 'zod';
import { pageOf, pageParam, text } from '../common/index.js';

/** 'Accesos bloqueados' (issue 34, decision 051): the login delays in force, 25 a page. */
export const LOGIN_LOCKS_PAGE_SIZE = 25;

export const loginLocksQuery = z.object({ page: pageParam.describe('Página, desde 1') });

export const loginLockRow = z.object({
  username: z.string().nullable().describe('Usuario escrito; null cuando el bloqueo es de la dirección'),
  address: z.string().describe('Dirección (IPv4, o el bloque /64 de una IPv6)'),
  failures: z.number().int().describe('Intentos fallidos en la última hora'),
  lockedUntil: z.string().describe('Hasta cuándo se rechazan sus intentos (ISO 8601)'),
});
export type LoginLockRow = z.infer<typeof loginLockRow>;

export const accountUnderAttack = z.object({
  username: z.string(),
  failures: z.number().int().describe('Intentos fallidos en la última hora, desde todas las direcciones'),
  addresses: z.number().int().describe('Direcciones distintas de donde llegaron'),
});
export type AccountUnderAttack = z.infer<typeof accountUnderAttack>;

export const loginLocksPage = pageOf(loginLockRow).extend({
  underAttack: z
    .array(accountUnderAttack)
    .describe('Cuentas con muchos intentos fallidos en la última hora (las 20 más atacadas)'),
});
export type LoginLocksPage = z.infer<typeof loginLocksPage>;

export const loginLockLift = z.object({
  username: text({ max: 100 }).nullable().describe('Usuario del bloqueo; null para el de la dirección'),
  address: text({ max: 60, min: 1 }).describe('Dirección del bloqueo'),
});
export type LoginLockLift = z.infer<typeof loginLockLift>;
