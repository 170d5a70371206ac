import type { FieldDefinition, FieldOption } from '@bjp/domain';
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
 * from the field's url with its method, reading the label and value under the configured keys.
 */
export function useFieldOptions(field: FieldDefinition) {
  const options = 'options' in field ? (field as OptionsField).options : null;
  const dynamic = options?.source === 'dynamic' && options.url !== '';
  const query = useQuery({
    queryKey: ['field-options', options?.url, options?.method, options?.labelKey, options?.valueKey],
    enabled: dynamic,
    staleTime: 60_000,
    retry: false,
    queryFn: async ({ signal }): Promise<FieldOption[]> => {
      const res = await fetch(options!.url, {
        method: options!.method,
        signal,
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
  return { items: query.data ?? [], loading: query.isLoading, failed: query.isError };
}
