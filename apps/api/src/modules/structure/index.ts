/** What other areas may use of structure (departments, districts, institutions, courses, students). */

export { institutionCard } from './service.js';
export {
  type CurrentStudent,
  carnetWithComplemento,
  currentStudentByRude,
  type StudentPlace,
} from './students.js';
