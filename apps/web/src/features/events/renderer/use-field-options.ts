import { type FieldDefinition, type FieldOption, isAllowedOptionSource } from '@bjp/domain';
import { useQuery } from '@tanstack/react-query';

type OptionsField = Extract<FieldDefinition, { kind: 'checkbox' | 'radio' | 'select' }>;

/** A list from a dynamic source: the array itself, or the array under `data` or `items`. */
function listOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (Array.isArray(record.data)) return record.data;
    if (Array.isArray(record.items)) return record.items;
  }
  return [];
}

/**
 * The options of a checkbox group, radio group or select list: the static list, or the one loaded
 * with GET from the field's url, reading the label and value under the configured keys. A source that
 * is not allowed (another method, an API path outside the allowlist: a form saved before the check)
 * is never called, whatever the stored definition says; the field then shows that its options failed.
 */
export function useFieldOptions(field: FieldDefinition) {
  const options = 'options' in field ? (field as OptionsField).options : null;
  const dynamic = options?.source === 'dynamic';
  const allowed = dynamic && isAllowedOptionSource(options);
  const query = useQuery({
    queryKey: ['field-options', options?.url, options?.labelKey, options?.valueKey],
    enabled: allowed,
    staleTime: 60_000,
    retry: false,
    queryFn: async ({ signal }): Promise<FieldOption[]> => {
      const res = await fetch(options!.url, {
        method: 'GET',
        signal,
        // No cookies to other sites; same-origin lists are public anyway.
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return listOf(await res.json()).flatMap((item) => {
        if (!item || typeof item !== 'object') return [];
        const row = item as Record<string, unknown>;
        const label = row[options!.labelKey];
        const value = row[options!.valueKey];
        return label === undefined || value === undefined
          ? []
          : [{ label: String(label), value: String(value) }];
      });
    },
  });
  if (!options) return { items: [] as FieldOption[], loading: false, failed: false };
  if (!dynamic) return { items: options.items, loading: false, failed: false };
  if (!allowed) return { items: [] as FieldOption[], loading: false, failed: true };
  return { items: query.data ?? [], loading: query.isLoading, failed: query.isError };
}
