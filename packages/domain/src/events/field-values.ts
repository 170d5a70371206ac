import type { FieldDefinition } from './form-definition.js';
import { eventMessages } from './messages.js';
import { compileUserPattern } from './user-pattern.js';

/** What a dynamic field holds once filled: text, a number, a switch, the ticked options, or file references. */
export type FieldValue = string | number | boolean | string[] | null;
export type FieldValues = Record<string, FieldValue | undefined>;

const MAX_TEXT = 2000;

export function isEmptyValue(value: FieldValue | undefined): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** The initial value of a field in a fresh form (its default, or empty). */
export function initialValue(field: FieldDefinition): FieldValue {
  switch (field.kind) {
    case 'upload':
      return [];
    case 'checkbox':
      return [...field.defaultValue];
    default:
      return field.defaultValue;
  }
}

function staticValues(field: FieldDefinition): string[] | null {
  if (field.kind !== 'checkbox' && field.kind !== 'radio' && field.kind !== 'select') return null;
  return field.options.source === 'static' ? field.options.items.map((o) => o.value) : null;
}

/** Type and range of one value; null when it fits the field. */
function shapeError(field: FieldDefinition, value: FieldValue): string | null {
  const invalid = eventMessages.patternDefault;
  switch (field.kind) {
    case 'input':
      if (typeof value !== 'string' || value.length > MAX_TEXT) return invalid;
      if (field.inputType === 'number' && Number.isNaN(Number(value))) return invalid;
      return null;
    case 'number':
    case 'slider':
      return typeof value === 'number' && Number.isFinite(value) && value >= field.min && value <= field.max
        ? null
        : invalid;
    case 'switch':
      return typeof value === 'boolean' ? null : invalid;
    case 'time':
      return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? null : invalid;
    case 'checkbox': {
      if (
        !Array.isArray(value) ||
        value.length > 100 ||
        value.some((v) => typeof v !== 'string' || v.length > 100)
      ) {
        return invalid;
      }
      const allowed = staticValues(field);
      return allowed && value.some((v) => !allowed.includes(v)) ? eventMessages.invalidOption : null;
    }
    case 'radio':
    case 'select': {
      if (typeof value !== 'string' || value.length > 100) return invalid;
      const allowed = staticValues(field);
      return allowed && !allowed.includes(value) ? eventMessages.invalidOption : null;
    }
    case 'upload':
      if (!Array.isArray(value)) return invalid;
      return value.length > field.upload.limit ? eventMessages.tooManyFiles : null;
  }
}

/**
 * Whether a value answers its field, the one meaning of 'Obligatorio' for the builder's canvas and
 * preview, the generated code, the public page and the server: a switch is answered only when it is on
 * (a required 'Interruptor' means "must accept"); every other kind when it holds something (text, a
 * number, a chosen option, at least one ticked box, at least one file).
 */
export function isAnswered(field: FieldDefinition, value: FieldValue | undefined): boolean {
  if (field.kind === 'switch') return value === true;
  return !isEmptyValue(value);
}

/** The message of a required field left unanswered: a switch asks to be turned on. */
export function requiredMessage(field: FieldDefinition): string {
  return field.kind === 'switch' ? eventMessages.mustAccept : eventMessages.fieldRequired;
}

/**
 * The message to show for one field's value, or null. Required or not is the field's 'Obligatorio'
 * switch and nothing else, everywhere: the original sent `required: true` for every field whatever
 * the switch said (a switch wired to nothing; see the seeds' README), so an optional field could not
 * be left empty on the public page. `trigger` limits pattern rules to those fired on that event
 * ('blur' or 'change'); undefined runs all.
 */
export function fieldValueError(
  field: FieldDefinition,
  value: FieldValue | undefined,
  options: { trigger?: 'blur' | 'change' } = {},
): string | null {
  if (!isAnswered(field, value)) {
    if (field.required) return requiredMessage(field);
    // An optional switch left off is a valid answer (false); an optional empty field has nothing to check.
    if (isEmptyValue(value) || value === false) return null;
  }
  const shape = shapeError(field, value as FieldValue);
  if (shape) return shape;
  if (typeof value === 'string' || typeof value === 'number') {
    for (const rule of field.rules) {
      if (!rule.pattern || (options.trigger && rule.trigger !== options.trigger)) continue;
      // Linear time whatever the pattern. One RE2 cannot compile (only in a form saved before the
      // check) refuses the value: an unchecked value would reach the data unnoticed.
      const pattern = compileUserPattern(rule.pattern);
      if (!pattern.ok || !pattern.test(String(value))) return rule.message || eventMessages.patternDefault;
    }
  }
  return null;
}

/** Every field's message at once (submit time, in the browser and on the server); empty when valid. */
export function validateFieldValues(
  fields: readonly FieldDefinition[],
  values: FieldValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const error = fieldValueError(field, values[field.name]);
    if (error) errors[field.name] = error;
  }
  return errors;
}
