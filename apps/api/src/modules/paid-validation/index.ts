/** What other areas may use of the paid validation: its facts, its report's students and the frozen declaration's backfill. */
export { paidFacts } from './facts.js';
export { backfillPaid } from './frozen.js';
export { reportStudents } from './report.js';
