import { z } from 'zod';

/**
 * The wire format between the SERECI adapter and the birth registry (the simulator speaks it too):
 * the student's RUDE and birth date with the four certificate fields, and a verdict per field.
 */
export const sereciVerifyRequest = z.object({
  rude: z.string().min(1),
  fechaNacimiento: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  oficialia: z.string().min(1),
  libro: z.string().min(1),
  partida: z.string().min(1),
  folio: z.string().min(1),
});
export type SereciVerifyRequest = z.infer<typeof sereciVerifyRequest>;

export const sereciVerifyResponse = z.object({
  result: z.enum(['match', 'mismatch', 'unknown']),
  fields: z
    .object({ oficialia: z.boolean(), libro: z.boolean(), partida: z.boolean(), folio: z.boolean() })
    .nullable(),
});
export type SereciVerifyResponse = z.infer<typeof sereciVerifyResponse>;
