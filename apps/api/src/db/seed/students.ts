import type { Executor } from '../client.js';
import { run } from './sql.js';

/** One student row and one inscription of the programme year per generated student (same id). */
export async function loadStudents(tx: Executor, year: number): Promise<void> {
  await run(
    tx,
    `INSERT INTO students (id, rude, first_last_name, second_last_name, name, gender, birth_date, document_number,
       document_complement, segip_id, empareja_sereci)
     SELECT id, rude, first_last_name, second_last_name, name, gender, birth_date, document_number,
       document_complement, segip_id, empareja_sereci
     FROM seed_students`,
  );
  await run(
    tx,
    `INSERT INTO inscriptions (id, student_id, course_id, institution_id, year)
     SELECT id, id, course_id, institution_id, ${year} FROM seed_student_base`,
  );
}
