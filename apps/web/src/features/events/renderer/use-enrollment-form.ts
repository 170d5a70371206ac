import {
  emptyParticipant,
  type FieldDefinition,
  type FieldValue,
  type FieldValues,
  fieldValueError,
  initialValue,
  type ParticipantBase,
  participantFieldError,
} from '@bjp/domain';
import { useCallback, useMemo, useState } from 'react';

export type BaseKey = keyof ParticipantBase;
export type BaseValues = Record<BaseKey, string>;
export type FormErrors = Record<string, string | null>;

const baseKeys = Object.keys(emptyParticipant) as BaseKey[];
const extraKey = (name: string) => `extra.${name}`;

/**
 * The state of an enrollment form: the base data, the dynamic values and their files, and the
 * messages. Rules run on change and on blur (the specification's default triggers); pattern rules
 * run on the trigger each declares. A dynamic field is required when its 'Obligatorio' switch is on,
 * here as on the canvas, in the preview, in the generated code and on the server (fieldValueError).
 */
export function useEnrollmentForm(fields: FieldDefinition[]) {
  const initialExtra = useMemo(
    () => Object.fromEntries(fields.map((f) => [f.name, initialValue(f)])) as FieldValues,
    [fields],
  );
  const [base, setBase] = useState<BaseValues>(emptyParticipant);
  const [extra, setExtra] = useState<FieldValues>(initialExtra);
  const [files, setFiles] = useState<Record<string, File[]>>({});
  const [errors, setErrors] = useState<FormErrors>({});

  const required = useCallback((field: FieldDefinition) => field.required, []);
  const setError = (key: string, message: string | null) => setErrors((all) => ({ ...all, [key]: message }));
  // The document's rule depends on the nationality; the birth date's on Bolivia's today.
  const baseError = (key: BaseKey, values: BaseValues) =>
    participantFieldError(key, values[key], { nationality: values.nationality });

  const setBaseValue = (key: BaseKey, value: string) => {
    const next = { ...base, [key]: value };
    setBase((all) => ({ ...all, [key]: value }));
    setError(key, baseError(key, next));
    // A CI typed before choosing 'Extranjero' (or the reverse) is read again under the new choice.
    if (key === 'nationality' && next.document) setError('document', baseError('document', next));
  };
  const blurBase = (key: BaseKey) => setError(key, baseError(key, base));

  const setExtraValue = (field: FieldDefinition, value: FieldValue) => {
    setExtra((all) => ({ ...all, [field.name]: value }));
    setError(extraKey(field.name), fieldValueError(field, value, { trigger: 'change' }));
  };
  const blurExtra = (field: FieldDefinition) =>
    setError(extraKey(field.name), fieldValueError(field, extra[field.name]));
  const setFieldFiles = (field: FieldDefinition, chosen: File[]) => {
    setFiles((all) => ({ ...all, [field.name]: chosen }));
    setExtraValue(
      field,
      chosen.map((f) => f.name),
    );
  };

  /** Every rule at once (submit); true when the form may be sent. */
  const validateAll = (): boolean => {
    const next: FormErrors = {};
    for (const key of baseKeys) next[key] = baseError(key, base);
    for (const field of fields) next[extraKey(field.name)] = fieldValueError(field, extra[field.name]);
    setErrors(next);
    return Object.values(next).every((m) => !m);
  };

  /** Shows the server's field messages ({ field, message } with 'extra.<name>' for dynamic fields). */
  const applyServerErrors = (details: unknown) => {
    if (!Array.isArray(details)) return;
    const next: FormErrors = {};
    for (const d of details) {
      if (d && typeof d === 'object' && 'field' in d && 'message' in d)
        next[String(d.field)] = String(d.message);
    }
    setErrors((all) => ({ ...all, ...next }));
  };

  const reset = () => {
    setBase(emptyParticipant);
    setExtra(initialExtra);
    setFiles({});
    setErrors({});
  };

  return {
    base,
    extra,
    files,
    errors,
    required,
    setBaseValue,
    blurBase,
    setExtraValue,
    blurExtra,
    setFieldFiles,
    validateAll,
    applyServerErrors,
    reset,
  };
}

export type EnrollmentFormState = ReturnType<typeof useEnrollmentForm>;
