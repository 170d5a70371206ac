/** What other areas may use of the school structure: departments, areas, dependencies, course labels and their schemas. */
export * from './constants.js';
export * from './course-label.js';
export * from './schemas.js';
