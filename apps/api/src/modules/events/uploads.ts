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
  if (!sniffed || !allowed) return { field: file.field, message: wrongTypeMessage(rule, file.filename) };
  // Before anything is stored: every image upload (banners, posters, enrollment files) passes here.
  const tooBig = sniffed.contentType.startsWith('image/') ? imageDimensionsProblem(file.bytes) : null;
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
