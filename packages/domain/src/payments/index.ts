export * from './bonus-state.js';
export * from './schemas.js';
export * from './spelling.js';
