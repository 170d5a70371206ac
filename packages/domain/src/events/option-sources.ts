import { z } from 'zod';
import { eventMessages } from './messages.js';

/**
 * The same-origin lists a select, radio or checkbox field may load its options from: public, read-only
 * catalogues made for the builder. Nothing else of the API may be named, so a form cannot make every
 * visitor of the public page call an action (an option source of POST /api/v1/auth/logout logged them
 * all out). Each item is { id, name }.
 */
export const optionSourceLists = [
  { url: '/api/v1/public/option-lists/departments', label: 'Departamentos' },
  { url: '/api/v1/public/option-lists/districts', label: 'Distritos educativos' },
  { url: '/api/v1/public/option-lists/grades', label: 'Grados' },
] as const;

export const optionSourceKeys = { labelKey: 'name', valueKey: 'id' } as const;

export const optionListItem = z.object({ id: z.number().int(), name: z.string() });
export type OptionListItem = z.infer<typeof optionListItem>;

type Source = { url: string; method: string };

/** Host names (with the port if not 443) the administrator allowed, compared in lower case. */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase();
}

/**
 * Whether a dynamic option source may be called by the page: GET only, and either one of the lists
 * above or an https address on a host the administrator allowed. `allowedHosts` undefined checks the
 * form only (the browser, where the Content-Security-Policy's connect-src lists the hosts).
 */
export function isAllowedOptionSource(source: Source, allowedHosts?: readonly string[]): boolean {
  if (source.method !== 'GET') return false;
  if (source.url.startsWith('/')) return optionSourceLists.some((list) => list.url === source.url);
  let url: URL;
  try {
    url = new URL(source.url);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return allowedHosts === undefined || allowedHosts.map(normalizeHost).includes(normalizeHost(url.host));
}

/** The Spanish message for a field whose option source is refused, or null when it may be used. */
export function optionSourceProblem(
  label: string,
  source: Source,
  allowedHosts?: readonly string[],
): string | null {
  if (!source.url.trim()) return eventMessages.dynamicUrlRequired;
  if (source.method !== 'GET') return eventMessages.optionSourceMethod(label);
  return isAllowedOptionSource(source, allowedHosts) ? null : eventMessages.optionSourceNotAllowed(label);
}
