// The shared pieces of the domain (formats, calendar, money, messages, paging, primitives): the
// other domain areas use them through this file.
export * from './calendar.js';
export * from './codes.js';
export * from './field-labels.js';
export * from './format.js';
export * from './messages.js';
export * from './money.js';
export * from './pagination.js';
export * from './primitives.js';
export * from './text.js';
export * from './time-zone.js';
export * from './years.js';
