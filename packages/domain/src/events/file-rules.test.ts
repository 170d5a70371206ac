import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from './constants.js';
import { fileProblem, sniffFileType } from './file-rules.js';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('sniffFileType', () => {
  it('recognises the accepted types by their first bytes', () => {
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))?.contentType).toBe(
      'image/png',
    );
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0))?.contentType).toBe('image/jpeg');
    expect(sniffFileType(new TextEncoder().encode('GIF89a...'))?.contentType).toBe('image/gif');
    expect(sniffFileType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))?.contentType).toBe('image/webp');
    expect(sniffFileType(new TextEncoder().encode('%PDF-1.7\n'))?.contentType).toBe('application/pdf');
  });
  it('refuses anything else, whatever its name says', () => {
    expect(sniffFileType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffFileType(new TextEncoder().encode('MZ\x90\0'))).toBeNull();
    expect(sniffFileType(bytes())).toBeNull();
  });
});

describe('fileProblem', () => {
  it('says which rule failed with the specification’s messages', () => {
    expect(fileProblem({ size: 10, contentType: 'application/pdf' }, 'image')).toBe(
      'Tipo de archivo no válido.',
    );
    expect(fileProblem({ size: 10, contentType: 'image/png' }, 'pdf')).toBe('Formato no aceptado.');
    // With the file's name, the message says which file of the form it is about.
    expect(fileProblem({ size: 10, contentType: 'image/gif', name: 'afiche.gif' }, 'pdf')).toBe(
      '«afiche.gif»: Formato no aceptado.',
    );
    expect(fileProblem({ size: MAX_UPLOAD_BYTES + 1, contentType: 'image/png' }, 'image')).toBe(
      'El tamaño del archivo debe ser menor a: 1024 KB',
    );
    expect(fileProblem({ size: MAX_UPLOAD_BYTES, contentType: 'image/png' }, 'image')).toBeNull();
  });
});
