/** What other features may use of holders: the titular modal (the adjustments reuse it). */
export { TitularModal } from './titular-modal/TitularModal';
