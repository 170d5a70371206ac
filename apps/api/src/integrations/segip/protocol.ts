import { z } from 'zod';

/**
 * The wire format between the SEGIP adapter and the identity service (the simulator speaks it too):
 * a contrast request ("contrastación") with the data to check, and a verdict per field.
 */
export const segipVerifyRequest = z.object({
  carnet: z.string().min(1),
  complemento: z.string(),
  nombres: z.string(),
  paterno: z.string(),
  materno: z.string(),
  fechaNacimiento: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type SegipVerifyRequest = z.infer<typeof segipVerifyRequest>;

export const segipVerifyResponse = z.object({
  result: z.enum(['match', 'mismatch', 'unknown']),
  fields: z
    .object({
      nombres: z.boolean(),
      paterno: z.boolean(),
      materno: z.boolean(),
      fechaNacimiento: z.boolean(),
    })
    .nullable(),
});
export type SegipVerifyResponse = z.infer<typeof segipVerifyResponse>;

/** Names compare upper-cased, without accents and with single spaces, as SEGIP's contrast does. */
export function comparableName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}
