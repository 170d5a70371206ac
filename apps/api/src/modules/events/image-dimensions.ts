import { eventMessages, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '@bjp/domain';
import { imageSize } from 'image-size';

/**
 * Why an uploaded image is refused for its pixel dimensions, or null. A PNG of a few hundred bytes
 * may claim 17,000 × 17,000 pixels: every browser showing the banner would decode a gigabyte. The
 * header is read (image-size; no decoding), so the check costs nothing whatever the claim. An image
 * whose header cannot be read is refused as a wrong type.
 */
export function imageDimensionsProblem(bytes: Buffer, sniffed?: string): string | null {
  let width: number;
  let height: number;
  let type: string | undefined;
  try {
    ({ width, height, type } = imageSize(bytes));
  } catch {
    return eventMessages.invalidImage;
  }
  // The header read must be of the kind the first bytes said, or the file is a disguise.
  if (sniffed && type !== sniffed) return eventMessages.invalidImage;
  if (!(width > 0 && height > 0)) return eventMessages.invalidImage;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS)
    return eventMessages.imageTooLarge(width, height);
  return null;
}
