import type { Socket } from 'node:net';

/** Longest request line we call a "long address" rather than "too many headers" (Node counts both). */
const LONG_REQUEST_LINE = 8 * 1024;

/** Fastify types `rawPacket` as a JSON-ed Buffer; at run time it is Node's Buffer (or absent). */
type ClientError = Error & { code?: string; rawPacket?: unknown };

function answer(socket: Socket, status: number, reason: string, code: string, message: string) {
  const body = JSON.stringify({ code, message });
  socket.write(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Refusals Node's HTTP parser makes before Fastify sees a request (Fastify's default answers them in
 * English). A request line past Node's header limit (a huge pasted search in the query string) gets a
 * Spanish 414; other oversized headers a Spanish 431; anything else malformed a Spanish 400.
 */
export function clientErrorHandler(err: ClientError, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      answer(socket, 408, 'Request Timeout', 'timeout', 'La solicitud tardó demasiado.');
    } else if (err.code === 'HPE_HEADER_OVERFLOW') {
      const packet = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.toString('latin1') : '';
      const lineEnd = packet.indexOf('\r\n');
      const requestLine = lineEnd === -1 ? packet.length : lineEnd;
      if (!packet || requestLine > LONG_REQUEST_LINE) {
        answer(
          socket,
          414,
          'URI Too Long',
          'bad_request',
          'La dirección de la solicitud es demasiado larga.',
        );
      } else {
        answer(
          socket,
          431,
          'Request Header Fields Too Large',
          'bad_request',
          'Los encabezados de la solicitud son demasiado grandes.',
        );
      }
    } else {
      answer(socket, 400, 'Bad Request', 'bad_request', 'Solicitud no válida.');
    }
  }
  socket.destroy(err);
}
