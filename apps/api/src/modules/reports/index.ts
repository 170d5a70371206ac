/** What other areas may use of reports: a school's student rows, a place's report and the reconciliation document. */
export { studentDetails } from './institution-data.js';
export { placeReport } from './place-report.js';
export { reconciliationDocument } from './reconciliation.js';
