import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.js';
import { DocumentService, documentMessages } from './service.js';
import type { TemplateInput } from './worker/templates.js';

// The pool alone, without a server: one worker and room for one document waiting.
const service = new DocumentService({ threads: 1, perUser: 2, maxQueue: 1 });
afterAll(() => service.close());

const tracking = (schools: number): TemplateInput<'trackingPdf'> => ({
  place: { level: 'department', id: 2, name: 'La Paz', departmentId: 2, departmentName: 'La Paz' },
  year: 2025,
  counts: { total: schools, concluded: 0, pending: schools },
  rows: Array.from({ length: schools }, (_, i) => ({
    rowNumber: i + 1,
    institutionId: 40_000_000 + i,
    name: `UNIDAD EDUCATIVA ${i + 1}`,
    districtId: 2001,
    districtName: 'El Alto 1',
    subsystem: 'Regular',
    status: 'PENDIENTE' as const,
    consolidatedAt: null,
  })),
  filtersLabel: 'Filtros — Estado: Todos',
  printedAt: new Date('2025-11-20T14:00:00Z'),
});

describe('document pool', () => {
  it('renders in a worker and gives the bytes back', async () => {
    const pdf = await service.render('trackingPdf', tracking(3));
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a document past the queue bound at once, with a Spanish 429, and then serves again', async () => {
    // The worker is up (previous test): the first document runs, the second waits, the third is refused.
    const settled = await Promise.allSettled([
      service.render('trackingPdf', tracking(1_500)),
      service.render('trackingPdf', tracking(10)),
      service.render('trackingPdf', tracking(10)),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const refusal = (settled[2] as PromiseRejectedResult).reason;
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'too_many_requests', message: documentMessages.busy });
    expect(refusal.status).toBe(429);
    expect((await service.render('trackingPdf', tracking(2))).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('drops a document whose request went away, and the queue is free again', async () => {
    const running = service.render('trackingPdf', tracking(800));
    const controller = new AbortController();
    const waiting = service.render('trackingPdf', tracking(10), controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ message: documentMessages.cancelled });
    // The freed place in the queue takes another document while the first still renders.
    const next = service.render('trackingPdf', tracking(5));
    expect((await running).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await next).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
