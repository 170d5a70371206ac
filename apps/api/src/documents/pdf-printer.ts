import PdfPrinter from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { copyTree, settleSignedTables } from './signed-table.js';

/**
 * PDF rendering shared by every area. The 14 standard PDF fonts need no font files (WinAnsi covers
 * Spanish: á é í ó ú ñ ü ¿ ¡ º), so nothing is read from disk per document.
 */
const printer = new PdfPrinter({
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
});

/**
 * pdfmake 0.2 has no URL/local access policy settings (they arrived in 0.3): on the server it reads
 * any image path it is given from disk and pdfkit would embed it. Our access policy is enforced here
 * instead: images only as data: URLs from the document's own dictionary, no file paths, no URLs.
 */
export function assertNoExternalResources(doc: TDocumentDefinitions): void {
  for (const [key, value] of Object.entries(doc.images ?? {})) {
    if (typeof value !== 'string' || !value.startsWith('data:'))
      throw new Error(`PDF image ${key}: only data: URLs are allowed`);
  }
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) walk(child);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (
      typeof record.image === 'string' &&
      !record.image.startsWith('data:') &&
      !(record.image in (doc.images ?? {}))
    ) {
      throw new Error('PDF image not in the document dictionary');
    }
    if ('svg' in record || 'link' in record) throw new Error('PDF svg and links are not allowed');
    for (const value of Object.values(record)) if (typeof value === 'object') walk(value);
  };
  walk(doc.content);
}

/** Renders a document definition to a Buffer. */
export function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  assertNoExternalResources(doc);
  return new Promise((resolve, reject) => {
    // pdfmake writes its layout into the definition's nodes (positions, measured heights). A node
    // shared by two documents — a module's constant such as a signature block — came to the second
    // one already measured, and pdfmake dropped it and the rows kept with it (a signed table's tail:
    // its last rows and the signature). Each render lays out its own copy (decision 045).
    const own = copyTree(doc);
    // A signed table whose tail moved to a new page is laid out again with its headings (issue 12).
    const pdf = settleSignedTables(
      { ...own, defaultStyle: { font: 'Helvetica', fontSize: 8, ...own.defaultStyle } },
      (definition) => printer.createPdfKitDocument(definition),
    );
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.end();
  });
}

export type PageFrame = {
  title: string;
  subtitle?: string;
  /** Date and time of printing, already formatted (dd/mm/yyyy hh:mm). */
  printedAt: string;
  /** Texts for the footer of every page (part 2 §9: sworn-declaration text, tracking text…). */
  footerLines: string[];
};

/** Landscape letter pages with the ministry heading, page numbers and the print date on each page. */
export function landscapeDocument(frame: PageFrame, content: Content[]): TDocumentDefinitions {
  const footerHeight = 18 + frame.footerLines.length * 10;
  return {
    pageSize: 'LETTER',
    pageOrientation: 'landscape',
    pageMargins: [30, 62, 30, footerHeight + 12],
    info: { title: frame.title, author: 'Ministerio de Educación', creator: 'Consola BJP' },
    header: () => ({
      margin: [30, 18, 30, 0],
      columns: [
        {
          stack: [
            {
              text: 'MINISTERIO DE EDUCACIÓN — BONO JUANCITO PINTO',
              bold: true,
              fontSize: 9,
              color: '#1c4e80',
            },
            { text: frame.title, bold: true, fontSize: 12 },
            ...(frame.subtitle ? [{ text: frame.subtitle, fontSize: 9, color: '#444444' }] : []),
          ],
        },
      ],
    }),
    footer: (currentPage: number, pageCount: number) => ({
      margin: [30, 4, 30, 0],
      stack: [
        ...frame.footerLines.map((line) => ({ text: line, fontSize: 6.5, italics: true, color: '#444444' })),
        {
          columns: [
            { text: `Fecha de impresión: ${frame.printedAt}`, fontSize: 7 },
            { text: `Página ${currentPage} de ${pageCount}`, fontSize: 7, alignment: 'right' },
          ],
          margin: [0, 3, 0, 0],
        },
      ],
    }),
    content,
  };
}
