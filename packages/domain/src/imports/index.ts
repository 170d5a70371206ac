// Files brought in by staff (issue 18): the bank's payment file and the year's school roll.
export * from './layout.js';
export * from './messages.js';
export * from './payment-layout.js';
export * from './roll-layout.js';
export * from './roll-messages.js';
export * from './schemas.js';
export * from './withdrawn.js';
