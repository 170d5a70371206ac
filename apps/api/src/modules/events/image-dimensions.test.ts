import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createField } from '@bjp/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventEnrollments, events } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import {
  makeEvent,
  makeForm,
  makePeriod,
  makePlace,
  multipartPayload,
  pdfBytes,
  pngBytes,
  tempDataDir,
  validParticipant,
} from '../../test/factories/events.js';
import { makeUser } from '../../test/factories.js';
import { imageDimensionsProblem } from './image-dimensions.js';

let ctx: TestContext;
let admin: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = tempDataDir();
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  await makeUser(ctx.handle.db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
});
afterAll(() => ctx.close());

/** Every file written under the data folder, whatever the area. */
const storedFiles = (dir = path.join(dataDir, 'uploads')): string[] => {
  try {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? storedFiles(path.join(dir, e.name)) : [e.name],
    );
  } catch {
    return [];
  }
};
// A few hundred bytes that claim 17,000 × 17,000 pixels (issue 13: accepted as a banner).
const HUGE = () => pngBytes(300, 17_000, 17_000);
const TOO_BIG =
  'La imagen es demasiado grande (17000 × 17000 píxeles): se admiten hasta 16 megapíxeles y 8000 píxeles por lado.';

describe('imageDimensionsProblem', () => {
  it('reads the header only: limits the side and the area, refuses an unreadable header', () => {
    expect(imageDimensionsProblem(pngBytes(300, 4000, 4000))).toBeNull();
    expect(imageDimensionsProblem(pngBytes(300, 8000, 1500))).toBeNull();
    expect(imageDimensionsProblem(HUGE())).toBe(TOO_BIG);
    expect(imageDimensionsProblem(pngBytes(300, 8001, 10))).toContain('demasiado grande');
    expect(imageDimensionsProblem(pngBytes(300, 5000, 4000))).toContain('demasiado grande');
    const headerOnly = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect(imageDimensionsProblem(headerOnly)).toBe('Tipo de archivo no válido.');
  });
});

describe('uploaded images limited in pixel dimensions (issue 13, point 9)', () => {
  it('refuses a 17,000 × 17,000 banner before storing anything', async () => {
    const db = ctx.handle.db;
    const [place, period, form] = [await makePlace(db), await makePeriod(db), await makeForm(db)];
    const fields = {
      title: 'Feria',
      description: 'Feria',
      startsOn: '2025-11-28',
      endsOn: '2025-12-02',
      placeId: String(place.id),
      kindEventId: String(period.id),
      enrollmentFormId: String(form.id),
      minimum: '1',
      maximum: '10',
      withLimitControl: 'true',
      detail: 'Traer documentos',
    };
    const eventsBefore = (await db.select({ n: count() }).from(events))[0]!.n;
    const filesBefore = storedFiles().length;
    const { payload, headers } = await multipartPayload({
      ...fields,
      banner: { bytes: HUGE(), filename: 'banner.png', type: 'image/png' },
      regulation: { bytes: pdfBytes(), filename: 'r.pdf' },
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      payload,
      headers: { ...headers, ...bearer(admin) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'banner', message: TOO_BIG }]);
    expect((await db.select({ n: count() }).from(events))[0]!.n).toBe(eventsBefore);
    expect(storedFiles().length).toBe(filesBefore);
  });

  it('applies the same check to the image of a public enrollment', async () => {
    const photo = {
      ...createField('upload', 'campo_fotoo'),
      name: 'foto',
      upload: { accept: 'image' as const, limit: 1 },
    };
    const event = await makeEvent(ctx.handle.db, { fields: [photo] });
    const filesBefore = storedFiles().length;
    const { extra: _extra, ...participant } = validParticipant('6000001');
    const { payload, headers } = await multipartPayload({
      data: JSON.stringify({ ...participant, extra: {} }),
      foto: { bytes: HUGE(), filename: 'foto.png' },
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/public/events/${event.id}/enrollments`,
      payload,
      headers,
      remoteAddress: '10.7.0.1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'extra.foto', message: TOO_BIG }]);
    const enrolled = await ctx.handle.db
      .select({ n: count() })
      .from(eventEnrollments)
      .where(eq(eventEnrollments.eventId, event.id));
    expect(enrolled[0]!.n).toBe(0);
    expect(storedFiles().length).toBe(filesBefore);
  });
});
