import { eventMessages, type FileRule, MAX_UPLOAD_KB, sniffFileType, wrongTypeMessage } from '@bjp/domain';
import type { FileStore } from '../../lib/file-store.js';
import { newStorageKey } from '../../lib/file-store.js';
import { imageDimensionsProblem } from './image-dimensions.js';
import type { UploadedFile } from './multipart.js';
import type { FieldError } from './validation.js';

/** An upload that passed the rules, with the type read from its content. */
export type CheckedFile = {
  field: string;
  originalName: string;
  bytes: Buffer;
  contentType: string;
  extension: string;
  storageKey: string;
};

/**
 * Size and type of an upload checked on the server: the declared type and the name are ignored, the
 * first bytes decide (PNG/JPEG/GIF/WebP for images, %PDF for documents); images are also limited in
 * pixel dimensions.
 */
export function checkUpload(file: UploadedFile, rule: FileRule, folder = ''): CheckedFile | FieldError {
  if (file.tooLarge) return { field: file.field, message: eventMessages.fileTooLarge(MAX_UPLOAD_KB) };
  const sniffed = sniffFileType(file.bytes);
  const allowed =
    rule === 'image'
      ? sniffed?.contentType.startsWith('image/')
      : rule === 'pdf'
        ? sniffed?.extension === 'pdf'
        : true;
  if (!sniffed || !allowed || !nameFits(file.filename, sniffed.extension))
    return { field: file.field, message: wrongTypeMessage(rule, file.filename) };
  // Before anything is stored: every image upload (banners, posters, enrollment files) passes here.
  const tooBig = sniffed.contentType.startsWith('image/')
    ? imageDimensionsProblem(file.bytes, sniffed.extension)
    : null;
  if (tooBig) return { field: file.field, message: tooBig };
  return {
    field: file.field,
    originalName: file.filename.slice(0, 200) || `${file.field}.${sniffed.extension}`,
    bytes: file.bytes,
    contentType: sniffed.contentType,
    extension: sniffed.extension,
    storageKey: newStorageKey(sniffed.extension, folder),
  };
}

/** Extensions a name may carry for each sniffed type; a name with another known one is a disguise. */
const knownExtensions: Record<string, string[]> = {
  png: ['png'],
  jpg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  gif: ['gif'],
  webp: ['webp'],
  pdf: ['pdf'],
};

/**
 * Whether the file's name agrees with its content (issue 34 §4): a GIF named 'foto.png' is refused
 * as 'Tipo de archivo no válido.' rather than measured as the PNG it claims to be. A name without
 * an extension we know says nothing and passes.
 */
function nameFits(filename: string, sniffed: string): boolean {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(filename.trim())?.[1]?.toLowerCase();
  if (!extension) return true;
  const claimed = Object.entries(knownExtensions).find(([, names]) => names.includes(extension))?.[0];
  return claimed === undefined || claimed === sniffed;
}

export const isFieldError = (value: CheckedFile | FieldError): value is FieldError => 'message' in value;

/**
 * Writes the files, runs `work` (the database transaction), and removes the files again if the work
 * fails, so a refused request leaves nothing on disk.
 */
export async function withStoredFiles<T>(
  store: FileStore,
  files: CheckedFile[],
  work: () => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  try {
    for (const file of files) {
      await store.put(file.storageKey, file.bytes);
      written.push(file.storageKey);
    }
    return await work();
  } catch (error) {
    await store.remove(written).catch(() => undefined);
    throw error;
  }
}
