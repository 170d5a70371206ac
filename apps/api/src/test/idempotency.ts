import { randomUUID } from 'node:crypto';
import { defaultFormConfig } from '@bjp/domain';
import { count, eq, sql } from 'drizzle-orm';
import { enrollmentForms, events, periods, places } from '../db/schema/index.js';
import type { TestContext } from './app.js';
import { bearer } from './app.js';
import {
  makeForm,
  makePeriod,
  makePlace,
  multipartPayload,
  pdfBytes,
  pngBytes,
  sampleFields,
} from './factories/events.js';

/**
 * The four creates of the events back office a double click used to duplicate (issue 15), each as
 * a request that can be sent again with the same Idempotency-Key, and a count of its records.
 */
export type CreateCase = {
  name: string;
  send(key: string): Promise<{ status: number; body: string; replayed: boolean }>;
  records(): Promise<number>;
};

export async function createCases(ctx: TestContext, token: string): Promise<CreateCase[]> {
  const db = ctx.handle.db;
  const [place, period, form] = [await makePlace(db), await makePeriod(db), await makeForm(db)];
  const answer = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => ({
    status: res.statusCode,
    body: res.body,
    replayed: res.headers['idempotent-replayed'] === 'true',
  });
  const json = (url: string, payload: object) => async (key: string) =>
    answer(
      await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(token), 'idempotency-key': key },
        payload,
      }),
    );
  const countOf = async (
    table: typeof places | typeof periods | typeof enrollmentForms | typeof events,
    where: ReturnType<typeof sql>,
  ) => (await db.select({ n: count() }).from(table).where(where))[0]!.n;
  return [
    {
      name: "'Registrar' of the form builder",
      send: json('/api/v1/enrollment-forms', {
        name: 'Formulario doble clic',
        description: 'Prueba',
        definition: { config: defaultFormConfig, fields: sampleFields() },
      }),
      records: () => countOf(enrollmentForms, sql`${enrollmentForms.name} = 'Formulario doble clic'`),
    },
    {
      name: 'a period',
      send: json('/api/v1/kind-events', {
        name: 'Periodo doble clic',
        phase: 'Fase departamental',
        subsystems: ['Regular'],
        startsOn: '2025-11-10',
        endsOn: '2025-12-10',
        instances: ['departmental'],
        state: 'VIGENTE',
      }),
      records: () => countOf(periods, sql`${periods.name} = 'Periodo doble clic'`),
    },
    {
      name: 'a place',
      send: json('/api/v1/places', {
        description: 'Coliseo doble clic',
        capacity: 500,
        reference: '2025-11-30',
      }),
      records: () => countOf(places, sql`${places.description} = 'Coliseo doble clic'`),
    },
    {
      name: 'an event (multipart with files)',
      send: async (key) => {
        // Built again per request, as a browser does: a new part boundary each time.
        const { payload, headers } = await multipartPayload({
          title: 'Evento doble clic',
          description: 'Encuentro',
          startsOn: '2025-11-28',
          endsOn: '2025-12-02',
          placeId: String(place.id),
          kindEventId: String(period.id),
          enrollmentFormId: String(form.id),
          minimum: '10',
          maximum: '50',
          withLimitControl: 'true',
          detail: 'Llevar documentos',
          banner: { bytes: pngBytes(), filename: 'banner.png', type: 'image/png' },
          poster: { bytes: pngBytes(), filename: 'afiche.png', type: 'image/png' },
          regulation: { bytes: pdfBytes(), filename: 'reglamento.pdf', type: 'application/pdf' },
        });
        return answer(
          await ctx.app.inject({
            method: 'POST',
            url: '/api/v1/events',
            payload,
            headers: { ...headers, ...bearer(token), 'idempotency-key': key },
          }),
        );
      },
      records: () => countOf(events, eq(events.title, 'Evento doble clic')),
    },
  ];
}

export const newKey = () => randomUUID();
