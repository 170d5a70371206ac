import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshStatistics } from '../../db/summaries.js';
import { pdfPages, removePdfFiles } from '../../documents/completeness-fixture.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeReportSchool } from '../../test/factories/reports.js';
import { makeCourseWithStudents, makeDistrict, makeUser } from '../../test/factories.js';

/**
 * Issue 33 §1: the school report's PDF and spreadsheet list the students in the order the screen
 * does — its courses as the course list shows them (level, grade, parallel, then shift), each
 * course's students as its filtered table shows them (by surnames). A school with two shifts, whose
 * later shift holds the earlier grade, and students inserted out of surname order tell the orders
 * apart: the documents used to group by shift first.
 */
let ctx: TestContext;
let token = '';
let sie = 0;
const rudePattern = /RUDE\d{11}/g;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 2, name: 'La Paz Orden' });
  sie = (await makeReportSchool(db, { districtId: district.id })).id;
  // Primero A in the afternoon, Segundo A in the morning: level order and shift order disagree.
  await makeCourseWithStudents(db, {
    institutionId: sie,
    count: 3,
    gradeId: 2,
    shiftId: 1,
    lastNames: ['Zapata', 'Alanoca', 'Mamani'],
  });
  await makeCourseWithStudents(db, {
    institutionId: sie,
    count: 3,
    gradeId: 1,
    shiftId: 2,
    lastNames: ['Choque', 'Vargas', 'Apaza'],
  });
  await refreshStatistics(db);
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  token = (await loginAs(ctx.app, 'admin', 1)).token;
});
afterAll(async () => {
  removePdfFiles();
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });

/** The RUDEs as the screen shows them: each course of the course list, its students' table filtered by it. */
async function screenOrder(): Promise<string[]> {
  const res = await get(`/reports/institutions/${sie}`);
  expect(res.statusCode, res.body).toBe(200);
  const report = res.json() as {
    levels: Array<{ courses: Array<{ courseId: number }> }>;
  };
  const rudes: string[] = [];
  for (const course of report.levels.flatMap((l) => l.courses)) {
    const page = (await get(`/reports/institutions/${sie}/students?courseId=${course.courseId}`)).json();
    rudes.push(...page.items.map((r: { rude: string }) => r.rude));
  }
  return rudes;
}

describe("the school report's documents list the students in the screen's order", () => {
  it('PDF and spreadsheet', async () => {
    const screen = await screenOrder();
    expect(screen).toHaveLength(6);

    const pdf = await get(`/reports/institutions/${sie}/document?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    // The list ends at the signature (the pending summary after it repeats RUDEs).
    const text = pdfPages(pdf.rawPayload).join('\n');
    const list = text.slice(0, text.indexOf('Firma y sello'));
    expect(list.match(rudePattern)).toEqual(screen);

    const xlsx = await get(`/reports/institutions/${sie}/document?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    for (const sheet of book.worksheets)
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          if (typeof cell.value === 'string' && /^RUDE\d{11}$/.test(cell.value)) cells.push(cell.value);
        }),
      );
    expect(cells).toEqual(screen);
  });
});
