import { bankName, paymentMode } from '@bjp/domain';
import { z } from 'zod';

/**
 * The wire format between the Síntesis adapter and the paying bank's system (the simulator speaks
 * it too). Síntesis receives each day's change batch in pages, closes it with a cut ('corte'),
 * serves back its synchronised copy of the batch, and answers payment queries by pages of
 * beneficiaries. Errors carry `{ message }`, which the console shows as the server's message.
 */
export const sintesisState = z.object({
  fecha: z.string(),
  recepcionCambios: z.boolean().describe('Síntesis acepta lotes de cambios'),
  copiaDisponible: z.boolean().describe('La copia sincronizada del lote consultado está lista'),
});
export type SintesisState = z.infer<typeof sintesisState>;

export const sintesisChange = z.object({
  id: z.number().int(),
  inscripcion: z.number().int(),
  rude: z.string(),
  tipo: z.string(),
  descripcion: z.string(),
  carnetTitular: z.string().nullable(),
  beneficiario: z.string(),
});
export type SintesisChange = z.infer<typeof sintesisChange>;

export const sintesisPageRequest = z.object({
  dia: z.string(),
  cambios: z.array(sintesisChange).max(20_000),
});
export const sintesisCloseRequest = z.object({
  total: z.number().int().min(0),
  paginas: z.number().int().min(0),
});
export const sintesisCloseResponse = z.object({ corte: z.string(), total: z.number().int() });

export const sintesisCopyItem = z.object({
  id: z.number().int(),
  corte: z.string(),
  rude: z.string(),
  beneficiario: z.string(),
  estado: z.enum(['APLICADO', 'RECHAZADO']),
  observacion: z.string().nullable(),
});
export type SintesisCopyItem = z.infer<typeof sintesisCopyItem>;
export const sintesisCopyPage = z.object({
  items: z.array(sintesisCopyItem),
  siguiente: z.number().int().nullable(),
});

export const sintesisBeneficiary = z.object({
  inscripcion: z.number().int(),
  rude: z.string(),
  carnetTitular: z.string(),
});
export type SintesisBeneficiary = z.infer<typeof sintesisBeneficiary>;
export const sintesisPaymentQuery = z.object({ beneficiarios: z.array(sintesisBeneficiary).max(50_000) });

export const sintesisPayment = z.object({
  inscripcion: z.number().int(),
  // A real calendar day: '2025-02-30' would otherwise reach the database's cast and fail the run there.
  fechaPago: z.iso.date(),
  // The ledger's one spelling of a bank and a mode, the payment file's too (issue 35 §7): a bank
  // that pays no bonus refuses the answer, naming the record, as an impossible date does.
  banco: z.string().transform((v, ctx) => {
    const name = bankName(v);
    if (!name) ctx.addIssue({ code: 'custom', message: `banco desconocido: ${v}` });
    return name ?? v;
  }),
  modalidad: z.string().min(1).transform(paymentMode),
});
export type SintesisPayment = z.infer<typeof sintesisPayment>;
export const sintesisPaymentAnswer = z.object({ pagos: z.array(sintesisPayment) });
