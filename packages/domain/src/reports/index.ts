export * from './matrix.js';
export * from './messages.js';
export * from './observed-payments.js';
export * from './pie.js';
export * from './reconciliation.js';
export * from './schemas.js';
