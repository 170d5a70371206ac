import { messages } from '../common/index.js';
// Documents are read trimmed and upper-cased, as the holders' search reads them ('a123456' is 'A123456').
import { normalizeDocument } from '../holders/index.js';
import { isIsoDay } from './dates.js';
import { eventMessages } from './messages.js';

/**
 * Bolivian identity card (CI) numbers as SEGIP issues them: digits only, 5 to 10 of them. The
 * specification's '7-digit mask' (part 1 §5) describes the original's defect: CIs issued today run
 * past 9,999,999 (8 digits, the demo's SEGIP registry numbers from 20,000,000 up) and old ones are
 * shorter, so the mask turned real people away. The range is the one of the original's own 'national
 * document' preset (part 1 §5 presets, kept as patternPresets.document: ^\d{5,10}$).
 */
export const CI_DIGITS = { min: 5, max: 10 } as const;
const CI_PATTERN = /^\d+$/;

/**
 * A foreigner's document (passport, or the 'E-' CI de extranjero): 6 to 20 upper-case letters and
 * digits, with single dashes inside (E-1234567); 'A123456' is a passport.
 */
export const FOREIGN_DOCUMENT_LENGTH = { min: 6, max: 20 } as const;
const FOREIGN_PATTERN = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;

/** The complemento SEGIP adds to tell apart two CIs with the same number: two letters or digits ('1A'). */
const COMPLEMENT_PATTERN = /^[0-9A-Z]{2}$/;

/** 1 Nacional (a CI), 2 Extranjero (a passport or foreign document), as the form's radio sends them. */
export type Nationality = 1 | 2;

/** The message for a document number under the nationality chosen, or null when it fits. */
export function documentError(value: string, nationality: Nationality | number | string): string | null {
  const document = normalizeDocument(value);
  if (!document) return messages.required;
  if (Number(nationality) === 2) {
    if (!FOREIGN_PATTERN.test(document)) return eventMessages.foreignDocumentChars;
    if (document.length < FOREIGN_DOCUMENT_LENGTH.min) return messages.tooShort;
    if (document.length > FOREIGN_DOCUMENT_LENGTH.max) return messages.tooLong;
    return null;
  }
  if (!CI_PATTERN.test(document)) return eventMessages.ciDigitsOnly;
  if (document.length < CI_DIGITS.min) return eventMessages.ciLength;
  if (document.length > CI_DIGITS.max) return eventMessages.ciLength;
  return null;
}

/** The message for a complemento (optional: empty is fine), or null. */
export function complementError(value: string): string | null {
  const complement = normalizeDocument(value);
  if (!complement) return null;
  return COMPLEMENT_PATTERN.test(complement) ? null : eventMessages.invalidComplement;
}

/** A birth date: a real day from 1900 on and not after `today` (Bolivia's day). */
export function birthDateError(value: string, today: string): string | null {
  const day = value.trim();
  if (!day) return messages.required;
  if (!isIsoDay(day) || day < '1900-01-01') return eventMessages.invalidDate;
  return day > today ? eventMessages.birthDateInFuture : null;
}
