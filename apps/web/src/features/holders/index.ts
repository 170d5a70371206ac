/**
 * What other features may use of holders: the titular modal, which another area opens with its own
 * policy (the adjustments do, over their API), and the way a failed titular change is shown.
 */
export type { TitularModalPolicy } from './titular-modal/policy';
export { reportTitularError, type SegipDetails } from './titular-modal/report-error';
export { TitularModal } from './titular-modal/TitularModal';
