/** What other code may use of events: the seat shards and the upload limits. */
export { multipartLimits } from './multipart.js';
export { seatShards } from './seats.js';
