import { eventMessages, MAX_UPLOAD_BYTES } from '@bjp/domain';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { claimParsedBody, multipartShape } from '../../lib/idempotency/index.js';

export type UploadedFile = {
  field: string;
  filename: string;
  bytes: Buffer;
  /** More than MAX_UPLOAD_BYTES arrived: the bytes were cut at the limit. */
  tooLarge: boolean;
};

export type MultipartBody = { fields: Record<string, string>; files: UploadedFile[] };

/** Limits of every multipart request of the area (the plugin is registered with throwFileSizeLimit off). */
export const multipartLimits = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 10,
  fields: 40,
  fieldSize: 64 * 1024,
  parts: 50,
  headerPairs: 200,
} as const;

const limitCodes = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Reads a whole multipart request into memory: at most `maxFiles` files of at most 1024 KB each (a
 * larger file is cut at the limit and flagged, so the caller can answer with the size message).
 */
export async function readMultipart(req: FastifyRequest, maxFiles: number): Promise<MultipartBody> {
  if (!req.isMultipart())
    throw new AppError('bad_request', 'Se esperaba un formulario con archivos (multipart/form-data).');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of req.parts({ limits: { ...multipartLimits, files: maxFiles } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length === 0 && !part.filename) continue; // an empty file input
        files.push({ field: part.fieldname, filename: part.filename, bytes, tooLarge: part.file.truncated });
      } else {
        // A part sent as application/json arrives parsed; keep every field as text for the schemas.
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (limitCodes.has(code)) throw new AppError('bad_request', eventMessages.tooManyFiles);
    throw new AppError('bad_request', 'El formulario enviado no es valido.');
  }
  // With an Idempotency-Key, a repeat of this submission stops here with the first one's answer.
  await claimParsedBody(req, multipartShape({ fields, files }));
  return { fields, files };
}
