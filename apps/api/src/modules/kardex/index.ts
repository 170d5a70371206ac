/** What other areas may use of the Kardex: a student's history. */
export { studentKardex } from './kardex.js';
