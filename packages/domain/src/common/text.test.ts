import { describe, expect, it } from 'vitest';
import { fileNameOf, withoutAccents } from './text.js';

describe('text', () => {
  it('drops accents and tildes, keeps the letters', () => {
    expect(withoutAccents('Inscripción Ñandú Güemes')).toBe('Inscripcion Nandu Guemes');
  });

  it('makes file names without lost letters', () => {
    expect(fileNameOf('Inscripción Taller: docentes 2025')).toBe('Inscripcion_Taller_docentes_2025');
    expect(fileNameOf('¿?¡!', 'formulario')).toBe('formulario');
  });
});
