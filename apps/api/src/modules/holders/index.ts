/** What other areas may use of holders: the school of a request, titulars, guardians and persons (the adjustments change them), the titular modal, the person-search audit names and the frozen declaration's backfill. */
export { schoolOf } from './context.js';
export { backfillHolders } from './frozen.js';
export {
  addExistingGuardian,
  addNewTitular,
  type Change,
  changeRelationship,
  removeGuardian,
} from './guardians.js';
export type { ChangeGate, LockedChange } from './inscription.js';
export { titularModal } from './modal.js';
export { findPersonIn } from './person-place.js';
export { PERSON_SEARCH_ACTION, PERSON_SEARCH_ENTITY } from './person-search.js';
export { assertAdult, segipPersonOf, verifyWithSegip, writePersonUpdate } from './persons.js';
export { saveTitular } from './titular.js';
