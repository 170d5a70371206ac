/** Idempotency-Key for POST routes (issue 15): one record per form submission, however often sent. */
export { multipartShape } from './fingerprint.js';
export { claimParsedBody, IdempotentReplay, registerIdempotency, sendReplay } from './plugin.js';
export { idempotencyMessages, idempotencySettings } from './store.js';
