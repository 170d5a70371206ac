import { importMessages } from '@bjp/domain';
import yauzl from 'yauzl';
import { AppError } from '../../lib/errors.js';

/**
 * What an XLSX may unpack to. A spreadsheet's XML compresses about 5–20 times, rarely 60; a zip bomb
 * a thousand times or more. The total bounds what the reader is asked to parse: Excel's largest sheet
 * (1,048,576 rows of a roll's 15 columns) is about 650 MB of XML.
 */
export const ZIP_LIMITS = {
  totalUncompressedBytes: 1024 * 1024 * 1024,
  entries: 10_000,
  /** Only entries past this size are judged by their ratio: a small, very regular part is harmless. */
  ratioFromBytes: 1024 * 1024,
  ratio: 200,
};

const refuse = () => new AppError('bad_request', importMessages.zipTooLarge);

/**
 * Reads only the zip's central directory (no byte is decompressed) and refuses a file whose entries
 * would unpack past the limits — before the spreadsheet reader decompresses anything. The reader
 * streams the entries' local headers; a file whose local headers disagree with its directory is not
 * a spreadsheet Excel or LibreOffice writes, and the reader refuses it as unreadable.
 */
export async function assertZipWithinLimits(file: string, limits = ZIP_LIMITS): Promise<void> {
  const zip = await openZip(file);
  try {
    if (zip.entryCount > limits.entries) throw refuse();
    let total = 0;
    for await (const entry of entriesOf(zip)) {
      total += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (total > limits.totalUncompressedBytes) throw refuse();
      if (entry.uncompressedSize > limits.ratioFromBytes && ratio > limits.ratio) throw refuse();
    }
  } finally {
    zip.close();
  }
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error || !zip) reject(new AppError('bad_request', importMessages.unreadableXlsx));
      else resolve(zip);
    });
  });
}

async function* entriesOf(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  while (true) {
    const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
      const onEntry = (e: yauzl.Entry) => settle(() => resolve(e));
      const onEnd = () => settle(() => resolve(null));
      const onError = () => settle(() => reject(new AppError('bad_request', importMessages.unreadableXlsx)));
      const settle = (then: () => void) => {
        zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
        then();
      };
      zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
      zip.readEntry();
    });
    if (!entry) return;
    yield entry;
  }
}
