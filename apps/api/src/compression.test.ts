import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshStatistics } from './db/summaries.js';
import { bearer, createTestApp, loginAs, type TestContext } from './test/app.js';
import { makeReportSchool } from './test/factories/reports.js';
import { makeCourseWithStudents, makeDistrict, makeUser } from './test/factories.js';

// Issue 14: API answers over 1 KB go out compressed (brotli, else gzip); small ones as they are.
let ctx: TestContext;
let token = '';
let adminId = 0;
let ministerio = '';
let sie = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  adminId = (await makeUser(ctx.handle.db, { username: 'admin', type: 1, roles: ['Administrador'] })).id;
  for (let i = 0; i < 30; i++) await makeUser(ctx.handle.db, { type: 1 });
  token = (await loginAs(ctx.app, 'admin', 1)).token;
  const db = ctx.handle.db;
  sie = (await makeReportSchool(db, { districtId: (await makeDistrict(db, { departmentId: 2 })).id })).id;
  await makeCourseWithStudents(db, { institutionId: sie, count: 5, paid: 2, levelId: 12, gradeId: 1 });
  await refreshStatistics(db);
  await makeUser(db, { username: 'ministerio', type: 1 });
  ministerio = (await loginAs(ctx.app, 'ministerio', 1)).token;
});

afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('compressed API answers', () => {
  it('sends a large list brotli-compressed to a client that accepts br, the same JSON once decompressed', async () => {
    const plain = await get('/api/v1/users?page=1');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.byteLength).toBeGreaterThan(1024);

    const res = await get('/api/v1/users?page=1', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('falls back to gzip', async () => {
    const res = await get('/api/v1/users?page=1', 'gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8')).items).toBeDefined();
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const res = await get(`/api/v1/users/${adminId}/roles`, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ roles: ['Administrador'] });
  });

  it('streams PDF and XLSX downloads as they are (compressed formats)', async () => {
    for (const format of ['pdf', 'xlsx']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/reports/institutions/${sie}/document?format=${format}`,
        headers: { ...bearer(ministerio), 'accept-encoding': 'br, gzip' },
      });
      expect({ format, status: res.statusCode }).toEqual({ format, status: 200 });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe(format === 'pdf' ? '%PDF' : 'PK\x03\x04');
    }
  });
});
