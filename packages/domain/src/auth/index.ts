/** What other areas may use of access: permissions, roles, profiles and the login schemas. */

export * from './login-locks.js';
export * from './permission-labels.js';
export * from './permissions.js';
export * from './profiles.js';
export * from './roles.js';
export * from './schemas.js';
