/** What other areas may use of reports: a school's student rows, a place's report and the reconciliation document. */

export { placeReport } from './place-report.js';
export { studentDetails } from './queries/institution.js';
export { reconciliationDocument } from './reconciliation.js';
