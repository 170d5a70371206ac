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
 * The message to show for one field's value, or null. `required` comes from the field's 'Obligatorio'
 * switch, or is forced for the public enrollment, where every dynamic field is required (part 1 §5).
 * `trigger` limits pattern rules to those fired on that event ('blur' or 'change'); undefined runs all.
 */
export function fieldValueError(
  field: FieldDefinition,
  value: FieldValue | undefined,
  options: { required?: boolean; trigger?: 'blur' | 'change' } = {},
): string | null {
  const required = options.required ?? field.required;
  if (isEmptyValue(value)) return required ? eventMessages.fieldRequired : null;
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

/** Every field's message at once (submit time); an empty object means the values are valid. */
export function validateFieldValues(
  fields: readonly FieldDefinition[],
  values: FieldValues,
  options: { allRequired?: boolean } = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const error = fieldValueError(field, values[field.name], {
      required: options.allRequired ? true : field.required,
    });
    if (error) errors[field.name] = error;
  }
  return errors;
}
