/** What other areas may use of removals: removing a beneficiary. */
export { removeBeneficiary } from './remove.js';
