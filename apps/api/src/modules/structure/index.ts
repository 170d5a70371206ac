/** What other areas may use of structure (departments, districts, institutions, courses, students). */

export { type CurrentStudent, currentStudentByRude, type StudentPlace } from './queries.js';
export { institutionCard } from './service.js';
export { carnetWithComplemento } from './students.js';
