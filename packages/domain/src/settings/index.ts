// Programme years (gestiones, issue 18): opening the next one; a closed one is read-only.
export * from './messages.js';
export * from './schemas.js';
