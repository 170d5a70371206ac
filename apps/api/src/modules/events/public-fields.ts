import { type FieldDefinition, isAllowedOptionSource } from '@bjp/domain';

/**
 * The fields as the public page may run them: a dynamic option source that is not allowed now (a form
 * saved before the allowlist, or a host since removed from OPTION_SOURCE_HOSTS) goes out without its
 * address, so no visitor's browser calls it; the field then shows no options and cannot be answered.
 */
export function publicFields(fields: FieldDefinition[], allowedHosts: readonly string[]): FieldDefinition[] {
  return fields.map((field) => {
    if (!('options' in field) || field.options.source !== 'dynamic') return field;
    if (isAllowedOptionSource(field.options, allowedHosts)) return field;
    return { ...field, options: { ...field.options, url: '', method: 'GET' } };
  });
}
