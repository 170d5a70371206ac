/** What the shell uses of the structure area: the director's schools, asked early (issue 14). */
export { prefetchMyInstitutions } from './api';
