/** What other areas may use of adjustments: the changes the payment sync gathers from them and the delivery-progress export. */
export { progressData, progressFileName } from './progress.js';
export { adjustmentChanges } from './queries.js';
