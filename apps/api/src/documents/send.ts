import type { FastifyReply } from 'fastify';

/** Sends a finished PDF as a download; Content-Length lets the browser show real progress. */
export function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Content-Length', pdf.length)
    .header('Cache-Control', 'no-store')
    .send(pdf);
}
