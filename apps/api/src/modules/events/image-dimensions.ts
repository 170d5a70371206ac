import { eventMessages, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '@bjp/domain';
import { imageSize } from 'image-size';

/**
 * Why an uploaded image is refused for its pixel dimensions, or null. A PNG of a few hundred bytes
 * may claim 17,000 × 17,000 pixels: every browser showing the banner would decode a gigabyte. The
 * header is read (image-size; no decoding), so the check costs nothing whatever the claim. An image
 * whose header cannot be read is refused as a wrong type.
 */
export function imageDimensionsProblem(bytes: Buffer): string | null {
  let width: number;
  let height: number;
  try {
    ({ width, height } = imageSize(bytes));
  } catch {
    return eventMessages.invalidImage;
  }
  if (!(width > 0 && height > 0)) return eventMessages.invalidImage;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS)
    return eventMessages.imageTooLarge(width, height);
  return null;
}
