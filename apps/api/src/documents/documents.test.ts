import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshStatistics } from '../db/summaries.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../test/app.js';
import { makeReportSchool } from '../test/factories/reports.js';
import { makeCourseWithStudents, makeDistrict, makeUser } from '../test/factories.js';
import { documentMessages } from './service.js';

// One worker and two documents per user, whatever the machine: the limits below are what is tested.
let ctx: TestContext;
const token = {} as Record<'ministerio' | 'admin' | 'otro', string>;
const userId = {} as Record<keyof typeof token, number>;
let sie = 0;

beforeAll(async () => {
  ctx = await createTestApp({
    env: { DOCUMENT_WORKERS: '1', DOCUMENTS_PER_USER: '2', DOCUMENT_QUEUE: '20' },
  });
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 2, name: 'La Paz documentos' });
  const school = await makeReportSchool(db, { districtId: district.id, consolidated: true });
  sie = school.id;
  // About the size of the school in issue 13 (473 students): a PDF of a dozen pages.
  for (let grade = 1; grade <= 6; grade++)
    await makeCourseWithStudents(db, {
      institutionId: sie,
      count: 80,
      paid: 40,
      levelId: 12,
      gradeId: grade,
    });
  await refreshStatistics(db);
  for (const [name, roles] of [
    ['ministerio', []],
    ['admin', ['Administrador']],
    ['otro', []],
  ] as const) {
    userId[name] = (await makeUser(db, { username: name, type: 1, roles: [...roles] })).id;
    token[name] = (await loginAs(ctx.app, name, 1)).token;
  }
}, 180_000);
afterAll(() => ctx.close());

const download = (who: keyof typeof token, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token[who]) });
const schoolPdf = () => `/reports/institutions/${sie}/document?format=pdf`;
const slotsOf = (who: keyof typeof token) => ctx.app.documents.slots.inUse(`user:${userId[who]}`);

describe('documents rendered by the worker pool', () => {
  it('gives a real PDF and a real spreadsheet', async () => {
    const pdf = await download('ministerio', schoolPdf());
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(pdf.headers['content-length'])).toBe(pdf.rawPayload.length);
    // pdfmake ends every file with the trailer: the whole file came back from the worker.
    expect(pdf.rawPayload.subarray(-6).toString()).toContain('%%EOF');

    const xlsx = await download('ministerio', '/reports/national/document?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    // An XLSX is a zip: local file header 'PK\x03\x04'.
    expect([...xlsx.rawPayload.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(slotsOf('ministerio')).toBe(0);
  });

  it("refuses a user's third document at once (429, Spanish) while another user still gets theirs", async () => {
    // Three at once: whichever arrives last (PostgreSQL answers the logins in any order) is refused.
    const [theirs, ...mine] = await Promise.all([
      download('admin', schoolPdf()),
      ...[1, 2, 3].map(() => download('ministerio', schoolPdf())),
    ]);

    expect(mine.map((r) => r.statusCode).sort()).toEqual([200, 200, 429]);
    const refused = mine.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ code: 'too_many_requests', message: documentMessages.perUser });
    for (const served of mine.filter((r) => r.statusCode === 200))
      expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(theirs!.statusCode).toBe(200);
    expect(theirs!.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Every slot is given back once the documents are done: the next one is served.
    expect(slotsOf('ministerio')).toBe(0);
    expect(slotsOf('admin')).toBe(0);
    expect((await download('ministerio', schoolPdf())).statusCode).toBe(200);
  });

  it('gives the slot back when the document fails (no data)', async () => {
    const empty = await makeDistrict(ctx.handle.db, { departmentId: 9, name: 'Pando sin datos' });
    for (let i = 0; i < 3; i++) {
      const res = await download('ministerio', `/reports/districts/${empty.id}/document?format=pdf`);
      expect(res.statusCode).toBe(404);
    }
    expect(slotsOf('ministerio')).toBe(0);
  });

  it('keeps answering /health while PDFs render', async () => {
    const documents = ctx.app.documents;
    const original = documents.render.bind(documents);
    let inRenderer = 0;
    let rendering!: () => void;
    const firstRender = new Promise<void>((resolve) => {
      rendering = resolve;
    });
    const spy = vi.spyOn(documents, 'render').mockImplementation((template, input, signal) => {
      inRenderer++;
      rendering();
      return original(template, input, signal).finally(() => inRenderer--);
    });
    try {
      const finished: string[] = [];
      const pdfs = (['ministerio', 'ministerio', 'admin', 'otro'] as const).map((who, i) =>
        download(who, schoolPdf()).then((res) => {
          finished.push(`pdf${i}`);
          return res;
        }),
      );
      // From the moment a PDF is in the renderer, /health is asked again and again. Rendering on
      // the event loop lays a PDF out in one synchronous stretch: no answer could come while a PDF
      // is in the renderer. In the worker, the loop is free the whole time.
      await firstRender;
      let answeredWhileRendering = 0;
      for (let i = 0; i < 5_000 && inRenderer > 0; i++) {
        const health = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
        expect(health.statusCode).toBe(200);
        if (i === 0) finished.push('health');
        if (inRenderer > 0) answeredWhileRendering++;
      }
      const results = await Promise.all(pdfs);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(finished[0]).toBe('health');
      expect(answeredWhileRendering).toBeGreaterThanOrEqual(3);
    } finally {
      spy.mockRestore();
    }
  });
});
