import { describe, expect, it } from 'vitest';
import { birthDateError, complementError, documentError } from './identity.js';
import { eventMessages } from './messages.js';
import { participant, participantFieldError } from './participant.js';
import { participantExample } from './participant-example.js';
import { publicEnrollmentRequest } from './public-schemas.js';

const NACIONAL = 1;
const EXTRANJERO = 2;

describe('documentError: a Bolivian CI (Nacional)', () => {
  it.each(['12345', '1234567', '12345678', '1234567890'])('accepts %s (5 to 10 digits)', (ci) => {
    expect(documentError(ci, NACIONAL)).toBeNull();
  });

  it.each(['1234', '12345678901'])('refuses %s with the length message', (ci) => {
    expect(documentError(ci, NACIONAL)).toBe('El CI debe tener de 5 a 10 dígitos.');
  });

  it('refuses letters in a CI with a Spanish message that points to Extranjero', () => {
    expect(documentError('A123456', NACIONAL)).toBe(eventMessages.ciDigitsOnly);
    expect(documentError('12345-6', NACIONAL)).toBe(eventMessages.ciDigitsOnly);
    expect(eventMessages.ciDigitsOnly).toContain('Extranjero');
  });

  it('reads the nationality as the form sends it (number or text) and requires a value', () => {
    expect(documentError('12345678', '1')).toBeNull();
    expect(documentError('  ', NACIONAL)).toBe('El campo es obligatorio.');
  });
});

describe("documentError: a foreigner's document (Extranjero)", () => {
  it.each(['A123456', 'a123456', 'E-1234567', '123456', 'AB12CD34EF56GH78IJ90'])('accepts %s', (doc) => {
    expect(documentError(doc, EXTRANJERO)).toBeNull();
  });

  it('refuses symbols, spaces and dashes at the ends, and lengths outside 6 to 20', () => {
    expect(documentError('A12 456', EXTRANJERO)).toBe(eventMessages.foreignDocumentChars);
    expect(documentError('-A12345', EXTRANJERO)).toBe(eventMessages.foreignDocumentChars);
    expect(documentError('A1234Ñ', EXTRANJERO)).toBe(eventMessages.foreignDocumentChars);
    expect(documentError('A1234', EXTRANJERO)).toBe('La longitud del campo es demasiado corta.');
    expect(documentError('A12345678901234567890', EXTRANJERO)).toBe(
      'La longitud del campo es demasiado larga.',
    );
  });
});

describe('complementError', () => {
  it.each(['', '1A', '1a', '00'])("accepts '%s'", (c) => expect(complementError(c)).toBeNull());
  it.each(['1', '1-', 'ñA'])("refuses '%s'", (c) =>
    expect(complementError(c)).toBe(eventMessages.invalidComplement),
  );
});

describe('birthDateError', () => {
  const today = '2025-11-20';
  it('accepts today and the past, refuses tomorrow', () => {
    expect(birthDateError('2025-11-20', today)).toBeNull();
    expect(birthDateError('1990-04-12', today)).toBeNull();
    expect(birthDateError('2025-11-21', today)).toBe('La fecha de nacimiento no puede ser futura.');
  });

  it('refuses an empty value, an impossible day and days before 1900', () => {
    expect(birthDateError('', today)).toBe('El campo es obligatorio.');
    expect(birthDateError('2025-02-30', today)).toBe(eventMessages.invalidDate);
    expect(birthDateError('1899-12-31', today)).toBe(eventMessages.invalidDate);
  });
});

/** An 8-digit CI without complement. */
const person = { ...participantExample, document: '12345678', complement: '' };

describe('the participant schemas apply the same identity rules', () => {
  it('accepts an 8-digit CI and a passport, upper-cased', () => {
    expect(participant.parse(person).document).toBe('12345678');
    expect(participant.parse({ ...person, document: 'a123456', nationality: '2' }).document).toBe('A123456');
    expect(publicEnrollmentRequest.parse({ ...person, document: 'A123456', nationality: 2 }).document).toBe(
      'A123456',
    );
  });

  it('refuses a passport typed as a CI, on the document', () => {
    const result = publicEnrollmentRequest.safeParse({ ...person, document: 'A123456' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['document'], message: eventMessages.ciDigitsOnly }),
    ]);
  });

  it('participantFieldError reads the document under the nationality and the birth date against today', () => {
    expect(participantFieldError('document', 'A123456', { nationality: '2' })).toBeNull();
    expect(participantFieldError('document', 'A123456', { nationality: '1' })).toBe(
      eventMessages.ciDigitsOnly,
    );
    expect(participantFieldError('birthDate', '2025-11-21', { today: '2025-11-20' })).toBe(
      eventMessages.birthDateInFuture,
    );
    expect(participantFieldError('birthDate', '2025-11-20', { today: '2025-11-20' })).toBeNull();
    expect(participantFieldError('complement', '1')).toBe(eventMessages.invalidComplement);
  });
});
