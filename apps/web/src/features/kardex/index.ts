export { KardexModal } from './KardexModal';
export { KardexView } from './KardexView';
