/** What other areas may use of blocking: the SQL test of whether a student is blocked. */
export { isBlockedSql } from './queries.js';
