// Files brought in by staff (issue 18): the bank's payment file now, the roll next.
export * from './messages.js';
export * from './payment-layout.js';
export * from './schemas.js';
