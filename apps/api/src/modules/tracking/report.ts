import type { TrackingQuery } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import { fileTimestamp, placeLevelToken } from '../../documents/reports/format.js';
import type { Render } from '../../documents/service.js';
import type { PlaceRef } from './places.js';
import { allInstitutions, overview } from './service.js';

function describeFilters(query: Omit<TrackingQuery, 'page'>): string {
  const parts = [
    `Estado: ${query.status === 'TODOS' ? 'Todos' : query.status}`,
    query.code ? `Código: ${query.code}` : null,
    query.name ? `Institución: ${query.name}` : null,
    query.subsystem ? `Subsistema: ${query.subsystem}` : null,
    query.districtId ? `Distrito: ${query.districtId}` : null,
  ];
  return `Filtros — ${parts.filter(Boolean).join(' · ')}`;
}

/** The tracking report PDF of a place with the table's current filters and gestión, rendered by the document worker. */
export async function trackingReport(
  deps: AppDeps,
  ref: PlaceRef,
  query: Omit<TrackingQuery, 'page'> & { year?: number },
  render: Render,
) {
  const [summary, { place, rows }] = await Promise.all([
    overview(deps.db, ref, query),
    allInstitutions(deps.db, ref, query),
  ]);
  const now = deps.clock.now();
  const pdf = await render('trackingPdf', {
    place,
    year: summary.year,
    counts: summary.counts,
    rows,
    filtersLabel: describeFilters(query),
    printedAt: now,
  });
  return { pdf, fileName: `seguimiento_${placeLevelToken[ref.level]}_${ref.id}_${fileTimestamp(now)}.pdf` };
}
