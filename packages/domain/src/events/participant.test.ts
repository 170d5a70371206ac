import { describe, expect, it } from 'vitest';
import { participantBase, participantFieldError } from './participant.js';
import { participantExample } from './participant-example.js';

const valid = participantExample;

describe('participantBase', () => {
  it('accepts a valid participant and upper-cases the complement', () => {
    const parsed = participantBase.parse(valid);
    expect(parsed).toMatchObject({ complement: '1A', nationality: 1 });
  });

  it('applies every rule of part 1 §5 with its message', () => {
    expect(participantFieldError('document', '')).toBe('El campo es obligatorio.');
    expect(participantFieldError('document', '1234')).toBe('El CI debe tener de 5 a 10 dígitos.');
    expect(participantFieldError('document', '12345678')).toBeNull();
    expect(participantFieldError('document', '12a4567')).toBe(
      'El CI solo admite números; si el documento es extranjero elija «Extranjero».',
    );
    expect(participantFieldError('firstLastName', 'Ma')).toBe('La longitud del campo es demasiado corta.');
    expect(participantFieldError('name', 'Juan2')).toBe('El campo solo soporta caracteres y espacios.');
    expect(participantFieldError('job', 'Chef')).toBe('La longitud del campo es demasiado corta.');
    expect(participantFieldError('phone', '123456')).toBe('La longitud del campo es demasiado corta.');
    expect(participantFieldError('email', 'juan@')).toBe(
      'El campo debe contener un correo electrónico válido.',
    );
    expect(participantFieldError('birthDate', '')).toBe('El campo es obligatorio.');
    expect(participantFieldError('department', 'Lima')).toBe('Seleccione una opción válida.');
    expect(participantFieldError('complement', '')).toBeNull();
    expect(participantFieldError('secondLastName', '')).toBe('El campo es obligatorio.');
  });
});
