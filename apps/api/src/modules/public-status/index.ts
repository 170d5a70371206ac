/** What other code may use of the public status: the answers it gives. */
export { publicAnswers } from './service.js';
