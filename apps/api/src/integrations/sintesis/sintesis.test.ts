import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSintesisClient, SintesisError } from './client.js';
import { type RunningSintesisSimulator, startSintesisSimulator } from './simulator.js';

let simulator: RunningSintesisSimulator;
const control = async (body: object) => {
  const res = await fetch(`${simulator.url}/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { requests: number };
};
const requests = async () =>
  ((await (await fetch(`${simulator.url}/control`)).json()) as { requests: number }).requests;
const change = (id: number) => ({
  id,
  inscripcion: id,
  rude: `R${id}`,
  tipo: 'BLOQUEO',
  descripcion: 'Bloqueo: prueba',
  carnetTitular: null,
  beneficiario: 'ESTUDIANTE',
});

beforeAll(async () => {
  simulator = await startSintesisSimulator();
});
afterAll(() => simulator.close());

describe('Síntesis adapter over HTTP against the simulator', () => {
  it('sends a batch in pages, closes it with the cut and reads the copy back in pages', async () => {
    const sintesis = httpSintesisClient({ url: simulator.url });
    await sintesis.sendPage('7', 1, '2025-11-20', [change(1), change(2)]);
    await sintesis.sendPage('7', 2, '2025-11-20', [change(3)]);
    await sintesis.sendPage('7', 2, '2025-11-20', [change(3)]);
    expect((await sintesis.state('7')).copiaDisponible).toBe(false);
    await expect(sintesis.closeBatch('7', 4, 2)).rejects.toThrow(
      'El lote 7 está incompleto: 3 de 4 cambios recibidos.',
    );
    expect(await sintesis.closeBatch('7', 3, 2)).toEqual({ cut: 'C20251120-7', total: 3 });
    expect(await sintesis.closeBatch('7', 3, 2)).toEqual({ cut: 'C20251120-7', total: 3 });
    expect((await sintesis.state('7')).copiaDisponible).toBe(true);
    const first = await sintesis.readCopy('7', 0, 2);
    expect(first.items.map((i) => i.id)).toEqual([1, 2]);
    const rest = await sintesis.readCopy('7', first.next!, 2);
    expect(rest).toMatchObject({ items: [{ id: 3, corte: 'C20251120-7', estado: 'APLICADO' }], next: null });
  });

  it('does not retry a refusal, retries a failure once, and carries Síntesis’ message', async () => {
    const sintesis = httpSintesisClient({ url: simulator.url, timeoutMs: 500 });
    await control({ mode: 'refuse' });
    let before = await requests();
    await expect(sintesis.state()).rejects.toMatchObject({
      refused: true,
      message: expect.stringContaining('rechazó'),
    });
    expect((await requests()) - before).toBe(1);
    await control({ mode: 'fail' });
    before = await requests();
    await expect(sintesis.queryPayments([])).rejects.toMatchObject({
      refused: false,
      message: 'Servicio Síntesis no disponible temporalmente.',
    });
    expect((await requests()) - before).toBe(2);
    await control({ mode: 'normal' });
  });

  it('gives up on a slow answer after its timeout, and on a refused connection', async () => {
    await control({ mode: 'slow', delayMs: 1_000 });
    const slow = httpSintesisClient({ url: simulator.url, timeoutMs: 200 });
    const started = Date.now();
    await expect(slow.state()).rejects.toBeInstanceOf(SintesisError);
    expect(Date.now() - started).toBeLessThan(900);
    await control({ mode: 'normal' });
    const nowhere = httpSintesisClient({ url: 'http://127.0.0.1:9', timeoutMs: 300 });
    await expect(nowhere.state()).rejects.toMatchObject({ message: 'Síntesis no responde.' });
  });

  it('answers the paid beneficiaries of a page, pinned ones as told', async () => {
    const sintesis = httpSintesisClient({ url: simulator.url });
    await control({ today: '2025-11-20' });
    await fetch(`${simulator.url}/control/pagos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        pagos: [
          { inscripcion: 2, pagado: false },
          { inscripcion: 3, pagado: true, fechaPago: '2025-11-01' },
        ],
      }),
    });
    const pagos = await sintesis.queryPayments([
      { inscripcion: 2, rude: 'X2', carnetTitular: '1' },
      { inscripcion: 3, rude: 'X3', carnetTitular: '1' },
    ]);
    expect(pagos).toEqual([
      { inscripcion: 3, fechaPago: '2025-11-01', banco: 'Banco Unión', modalidad: 'VENTANILLA' },
    ]);
  });
});

describe('a payment answer with an impossible record', () => {
  it('is refused as a whole, naming the record and the field', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          pagos: [
            { inscripcion: 5, fechaPago: '2025-11-01', banco: 'BancoSol', modalidad: 'VENTANILLA' },
            { inscripcion: 6, fechaPago: '2025-02-30', banco: 'BancoSol', modalidad: 'VENTANILLA' },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const sintesis = httpSintesisClient({ url: `http://127.0.0.1:${port}`, retries: 0 });
      const answer = sintesis.queryPayments([{ inscripcion: 5, rude: 'R5', carnetTitular: '1' }]);
      await expect(answer).rejects.toBeInstanceOf(SintesisError);
      await expect(answer).rejects.toThrow(
        'Síntesis envió una respuesta no válida: registro 2, campo fechaPago.',
      );
    } finally {
      server.close();
    }
  });
});

describe('the simulator speaks the ledger’s spelling (issue 35 §7)', () => {
  it('pays only through banks of the domain’s list, each spelt as the list spells it', async () => {
    const { payingBankNames } = await import('@bjp/domain');
    const { payingBanks } = await import('./payments.js');
    for (const bank of payingBanks) expect(payingBankNames).toContain(bank);
  });
});

describe('a payment answer in another spelling', () => {
  it('is read in the ledger’s spelling, and a bank that pays no bonus refuses it, naming the record', async () => {
    const { sintesisPaymentAnswer } = await import('./protocol.js');
    const { invalidAnswerMessage } = await import('./client.js');
    const record = {
      inscripcion: 5,
      fechaPago: '2025-11-01',
      banco: 'BANCO UNION',
      modalidad: ' ventanilla',
    };
    expect(sintesisPaymentAnswer.parse({ pagos: [record] }).pagos[0]).toMatchObject({
      banco: 'Banco Unión',
      modalidad: 'VENTANILLA',
    });
    const refused = sintesisPaymentAnswer.safeParse({
      pagos: [record, { ...record, banco: 'Banco Pirata' }],
    });
    expect(refused.success).toBe(false);
    expect(invalidAnswerMessage(refused.error)).toBe(
      'Síntesis envió una respuesta no válida: registro 2, campo banco.',
    );
  });
});
