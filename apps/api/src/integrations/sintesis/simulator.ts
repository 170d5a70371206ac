import { boliviaDay } from '@bjp/domain';
import Fastify, { type FastifyReply } from 'fastify';
import { z } from 'zod';
import { type PaymentRecord, paymentFor } from './payments.js';
import {
  type SintesisChange,
  type SintesisCopyItem,
  type SintesisPayment,
  sintesisCloseRequest,
  sintesisPageRequest,
  sintesisPaymentQuery,
} from './protocol.js';

export const SINTESIS_SLOW_MS = 15_000;

const controlRequest = z.object({
  mode: z.enum(['normal', 'fail', 'refuse', 'slow']).optional(),
  delayMs: z.number().int().min(0).max(120_000).optional(),
  recepcion: z.boolean().optional().describe('false closes the change window'),
  copia: z.boolean().optional().describe('false keeps copies unavailable'),
  today: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .optional(),
});
const paymentOverrides = z.object({
  pagos: z.array(
    z.object({
      inscripcion: z.number().int(),
      pagado: z.boolean(),
      fechaPago: z.string().optional(),
      banco: z.string().optional(),
      modalidad: z.string().optional(),
    }),
  ),
});
type Mode = 'normal' | 'fail' | 'refuse' | 'slow';
type Batch = { day: string; pages: Map<number, SintesisChange[]>; cut: string | null };

export type RunningSintesisSimulator = { url: string; close(): Promise<void> };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const systemDay = () => boliviaDay(new Date());

/**
 * A stand-in for Síntesis on loopback. Batches: PUT /v1/lotes/:lote/paginas/:n (idempotent per
 * page), POST /v1/lotes/:lote/cierre {total, paginas} gives the cut, GET /v1/lotes/:lote/copia pages
 * the synchronised copy; GET /v1/estado?lote= tells whether changes are received and the lote's copy
 * is ready. Payments: POST /v1/pagos/consulta answers the paid ones of a page of beneficiaries
 * (payments.ts, or overrides). Control: POST /control {mode: normal|fail|refuse|slow, delayMs,
 * recepcion, copia, today}; POST /control/pagos pins payment records; GET /control counts requests.
 */
export async function startSintesisSimulator(
  options: { port?: number; host?: string } = {},
): Promise<RunningSintesisSimulator> {
  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 64 * 1024 * 1024 });
  const batches = new Map<string, Batch>();
  const overrides = new Map<number, PaymentRecord | null>();
  const state = { mode: 'normal' as Mode, delayMs: SINTESIS_SLOW_MS, recepcion: true, copia: true };
  let pinnedToday: string | null = null;
  let requests = 0;
  const today = () => pinnedToday ?? systemDay();

  // Every /v1 call passes here: counted, slowed, failed or refused as the control asks.
  const misbehave = async (reply: FastifyReply): Promise<boolean> => {
    requests++;
    if (state.mode === 'slow') await wait(state.delayMs);
    if (state.mode === 'fail') {
      reply.code(503).send({ message: 'Servicio Síntesis no disponible temporalmente.' });
      return true;
    }
    if (state.mode === 'refuse') {
      reply
        .code(422)
        .send({ message: 'Síntesis rechazó la solicitud: operación fuera del horario habilitado.' });
      return true;
    }
    return false;
  };

  app.get<{ Querystring: { lote?: string } }>('/v1/estado', async (req, reply) => {
    if (await misbehave(reply)) return reply;
    const batch = req.query.lote ? batches.get(req.query.lote) : undefined;
    return {
      fecha: today(),
      recepcionCambios: state.recepcion,
      copiaDisponible: state.copia && Boolean(batch?.cut),
    };
  });

  app.put<{ Params: { lote: string; n: string } }>('/v1/lotes/:lote/paginas/:n', async (req, reply) => {
    if (await misbehave(reply)) return reply;
    const body = sintesisPageRequest.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ message: 'Página de cambios no válida.' });
    if (!state.recepcion) return reply.code(409).send({ message: 'Síntesis no está recibiendo cambios.' });
    const batch = batches.get(req.params.lote) ?? { day: body.data.dia, pages: new Map(), cut: null };
    if (batch.cut) return reply.code(409).send({ message: `El lote ${req.params.lote} ya fue cerrado.` });
    batch.pages.set(Number(req.params.n), body.data.cambios);
    batches.set(req.params.lote, batch);
    return { recibidos: body.data.cambios.length };
  });

  app.post<{ Params: { lote: string } }>('/v1/lotes/:lote/cierre', async (req, reply) => {
    if (await misbehave(reply)) return reply;
    const body = sintesisCloseRequest.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ message: 'Cierre de lote no válido.' });
    const batch = batches.get(req.params.lote) ?? { day: today(), pages: new Map(), cut: null };
    const total = [...batch.pages.values()].reduce((sum, page) => sum + page.length, 0);
    if (batch.pages.size !== body.data.paginas || total !== body.data.total)
      return reply.code(409).send({
        message: `El lote ${req.params.lote} está incompleto: ${total} de ${body.data.total} cambios recibidos.`,
      });
    batch.cut ??= `C${batch.day.replaceAll('-', '')}-${req.params.lote}`;
    batches.set(req.params.lote, batch);
    return { corte: batch.cut, total };
  });

  app.get<{ Params: { lote: string }; Querystring: { desde?: string; limite?: string } }>(
    '/v1/lotes/:lote/copia',
    async (req, reply) => {
      if (await misbehave(reply)) return reply;
      const batch = batches.get(req.params.lote);
      if (!batch?.cut || !state.copia)
        return reply.code(409).send({ message: `La copia del lote ${req.params.lote} no está disponible.` });
      const from = Number(req.query.desde ?? 0);
      const limit = Math.min(20_000, Math.max(1, Number(req.query.limite ?? 5_000)));
      const all = [...batch.pages.entries()].sort(([a], [b]) => a - b).flatMap(([, page]) => page);
      const rest = all.filter((c) => c.id > from).sort((a, b) => a.id - b.id);
      const items: SintesisCopyItem[] = rest.slice(0, limit).map((c) => {
        const refused = c.tipo === 'ALTA TITULAR' && !c.carnetTitular;
        return {
          id: c.id,
          corte: batch.cut!,
          rude: c.rude,
          beneficiario: c.beneficiario,
          estado: refused ? 'RECHAZADO' : 'APLICADO',
          observacion: refused ? 'Alta de titular sin documento de identidad.' : null,
        };
      });
      return { items, siguiente: rest.length > limit ? items[items.length - 1]!.id : null };
    },
  );

  app.post('/v1/pagos/consulta', async (req, reply) => {
    if (await misbehave(reply)) return reply;
    const body = sintesisPaymentQuery.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ message: 'Consulta de pagos no válida.' });
    const day = today();
    const pagos: SintesisPayment[] = [];
    for (const b of body.data.beneficiarios) {
      const record = overrides.has(b.inscripcion) ? overrides.get(b.inscripcion)! : paymentFor(b.rude, day);
      if (record)
        pagos.push({
          inscripcion: b.inscripcion,
          fechaPago: record.paidOn,
          banco: record.bank,
          modalidad: record.mode,
        });
    }
    return { pagos };
  });

  app.get('/control', async () => ({ ...state, today: today(), requests, batches: batches.size }));
  app.post('/control', async (req, reply) => {
    const body = controlRequest.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid control request' });
    if (body.data.mode) state.mode = body.data.mode;
    state.delayMs = body.data.delayMs ?? (body.data.mode ? SINTESIS_SLOW_MS : state.delayMs);
    if (body.data.recepcion !== undefined) state.recepcion = body.data.recepcion;
    if (body.data.copia !== undefined) state.copia = body.data.copia;
    if (body.data.today !== undefined) pinnedToday = body.data.today;
    return { ...state, today: today(), requests };
  });
  app.post('/control/pagos', async (req, reply) => {
    const body = paymentOverrides.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid payments' });
    for (const p of body.data.pagos) {
      overrides.set(
        p.inscripcion,
        p.pagado
          ? {
              paidOn: p.fechaPago ?? today(),
              bank: p.banco ?? 'Banco Unión',
              mode: p.modalidad ?? 'VENTANILLA',
            }
          : null,
      );
    }
    return { overrides: overrides.size };
  });

  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  return { url: address, close: () => app.close() };
}
