/** What other areas may use of reports: a school's student rows, a place's report, the reconciliation document and the observed payments a sync run or an import wrote. */

export { observedOfSource } from './observed.js';
export { placeReport } from './place-report.js';
export { studentDetails } from './queries/institution.js';
export { reconciliationDocument } from './reconciliation.js';
