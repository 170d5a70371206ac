/** What other areas may use of holders: list and titular schemas, statuses, relationships, person search and messages. */
export * from './list-schemas.js';
export * from './messages.js';
export * from './person-search.js';
export * from './previous-guardians.js';
export * from './previous-titular.js';
export * from './previous-titulars-batch.js';
export * from './relationships.js';
export * from './sibling-designation.js';
export * from './status.js';
export * from './titular-schemas.js';
