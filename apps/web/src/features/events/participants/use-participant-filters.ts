import { departments, participantStatuses } from '@bjp/domain';
import { urlParam } from '../../../ui/url-state';
import { useUrlState, useUrlText } from '../../../ui/use-url-state';
import type { ParticipantFilterValues } from './api';

/** The filters and the page in the address, so a page can be reloaded, shared and gone back to. */
export const participantParams = {
  q: urlParam.text(),
  department: urlParam.optionalOneOf(departments.map((d) => String(d.id))),
  institution: urlParam.text(),
  status: urlParam.oneOf(participantStatuses, 'active'),
  from: urlParam.day(),
  to: urlParam.day(),
  page: urlParam.page(),
};

/**
 * The participants list's state: the filters as the API takes them, the page, and the two typed
 * texts (search and institution) kept apart from the address while typing (useUrlText).
 */
export function useParticipantFilters() {
  const [url, set] = useUrlState(participantParams);
  const filters: ParticipantFilterValues = {
    q: url.q || undefined,
    department: url.department ?? undefined,
    institution: url.institution || undefined,
    status: url.status,
    from: url.from ?? undefined,
    to: url.to ?? undefined,
  };
  const [q, setQ] = useUrlText(url.q, (text) => set({ q: text }));
  const [institution, setInstitution] = useUrlText(url.institution, (text) => set({ institution: text }));
  return { filters, page: url.page, set, q, setQ, institution, setInstitution };
}

export type ParticipantFiltersState = ReturnType<typeof useParticipantFilters>;
