import { describe, expect, it } from 'vitest';
import { checkUpload, isFieldError } from './uploads.js';

/** A GIF header claiming 29,500 × 29,283 pixels (the file), a few bytes long. */
const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([0x3c, 0x73, 0x63, 0x72, 0, 0, 0])]);
const upload = (filename: string, bytes: Buffer) => ({ field: 'afiche', filename, bytes, tooLarge: false });

describe('a file whose name and content disagree (issue 34 §4)', () => {
  it('a GIF posing as PNG is a wrong type, not an image too large', () => {
    const checked = checkUpload(upload('afiche.png', gif), 'image');
    expect(isFieldError(checked) && checked.message).toBe('«afiche.png»: Tipo de archivo no válido.');
  });

  it('a JPEG named .jpeg is what it says', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    const checked = checkUpload(upload('foto.JPEG', jpeg), 'image');
    // It passes the type check and reaches the dimensions (this stub has no readable header).
    expect(isFieldError(checked) && checked.message).not.toMatch(/«foto.JPEG»/);
  });
});
