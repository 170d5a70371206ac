/** What other areas may use of adjustments: the changes the payment sync gathers from them and the delivery-progress export. */
export { adjustmentChanges } from './gatherer.js';
export { progressData, progressFileName } from './progress.js';
