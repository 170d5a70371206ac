import type { EventFormOptions } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import { activeForms, activeKinds, activePlaces } from './queries/catalog.js';

/**
 * What the event form offers: only active places, kinds of event (stages of event periods, named
 * with their period; never the holder registration period) and forms (named with their latest
 * version, the one a new event takes).
 */
export async function eventFormOptions(deps: AppDeps): Promise<EventFormOptions> {
  const [placeRows, kindRows, formRows] = await Promise.all([
    activePlaces(deps.db),
    activeKinds(deps.db),
    activeForms(deps.db),
  ]);
  return { places: placeRows, kinds: kindRows, forms: formRows };
}
