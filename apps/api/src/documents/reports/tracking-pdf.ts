import {
  formatCount,
  type TrackingCounts,
  type TrackingPlace,
  type TrackingRow,
  trackingMessages,
} from '@bjp/domain';
import type { TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { landscapeDocument, renderPdf } from '../pdf-printer.js';
import { boliviaTimestamp, headerCell } from './format.js';

export type TrackingPdfInput = {
  place: TrackingPlace;
  year: number;
  counts: TrackingCounts;
  rows: TrackingRow[];
  filtersLabel: string;
  printedAt: Date;
};

/** 'Seguimiento Operativo BJP' for a department or district, with the footer text of part 2 §9. */
export function trackingDocument(input: TrackingPdfInput): TDocumentDefinitions {
  const { place, counts } = input;
  const levelName = place.level === 'department' ? 'Departamento' : `Distrito (${place.departmentName})`;
  const body: TableCell[][] = [
    ['Nro.', 'Código SIE', 'Institución Educativa', 'Distrito', 'Subsistema', 'Estado'].map(headerCell),
    ...input.rows.map((r) => [
      { text: String(r.rowNumber), alignment: 'right' as const },
      String(r.institutionId),
      r.name,
      r.districtName,
      r.subsystem,
      { text: r.status, bold: true, color: r.status === 'CONCLUIDO' ? '#2b8a3e' : '#c92a2a' },
    ]),
  ];
  const content = [
    {
      columns: [
        { text: `${levelName}: ${place.name} (${place.id})`, bold: true },
        { text: `Gestión: ${input.year}`, alignment: 'right' as const },
      ],
    },
    {
      text: `Total: ${formatCount(counts.total)}   Concluidos: ${formatCount(counts.concluded)}   Pendientes: ${formatCount(counts.pending)}`,
      margin: [0, 4, 0, 2] as [number, number, number, number],
    },
    {
      text: input.filtersLabel,
      fontSize: 7,
      color: '#555555',
      margin: [0, 0, 0, 6] as [number, number, number, number],
    },
    input.rows.length
      ? { table: { headerRows: 1, widths: [30, 55, '*', 120, 70, 65], body }, layout: 'lightHorizontalLines' }
      : { text: 'Sin instituciones para los filtros elegidos.', italics: true },
  ];
  return landscapeDocument(
    {
      title: 'Seguimiento Operativo BJP',
      subtitle: `${levelName}: ${place.name}`,
      printedAt: boliviaTimestamp(input.printedAt),
      footerLines: [trackingMessages.reportFooter],
    },
    content,
  );
}

export const trackingPdf = (input: TrackingPdfInput): Promise<Buffer> => renderPdf(trackingDocument(input));
