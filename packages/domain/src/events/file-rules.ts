import { MAX_UPLOAD_BYTES, MAX_UPLOAD_KB } from './constants.js';
import { eventMessages } from './messages.js';

export type SniffedType = { contentType: string; extension: string };

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/**
 * The type a file really is, read from its first bytes (never from its name or the browser's claim):
 * PNG, JPEG, GIF, WebP or PDF; null for anything else.
 */
export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: 'image/png', extension: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  ) {
    return { contentType: 'image/gif', extension: 'gif' };
  }
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return { contentType: 'image/webp', extension: 'webp' };
  }
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d]))
    return { contentType: 'application/pdf', extension: 'pdf' };
  return null;
}

export type FileRule = 'image' | 'pdf' | 'imageOrPdf';

export const fileRuleMimes: Record<FileRule, string[]> = {
  image: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  pdf: ['application/pdf'],
  imageOrPdf: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'],
};

/**
 * The specification's message for a file of the wrong kind: images say 'Tipo de archivo no válido.',
 * others 'Formato no aceptado.'; with the file's name first when it has one, so that a form of
 * several files says which one ('«afiche.gif»: Tipo de archivo no válido.').
 */
export function wrongTypeMessage(rule: FileRule, fileName?: string | null): string {
  const message = rule === 'image' ? eventMessages.invalidImage : eventMessages.invalidFormat;
  const name = fileName?.trim().slice(0, 120);
  return name ? `«${name}»: ${message}` : message;
}

/** The same check on both sides: the browser passes the declared type, the server the sniffed one. */
export function fileProblem(
  file: { size: number; contentType: string | null; name?: string },
  rule: FileRule,
): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return eventMessages.fileTooLarge(MAX_UPLOAD_KB);
  if (!file.contentType || !fileRuleMimes[rule].includes(file.contentType))
    return wrongTypeMessage(rule, file.name);
  return null;
}
