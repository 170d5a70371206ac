/**
 * What other features and the shell may use of the structure: choosing an institution and a course,
 * the institution's card, and the director's schools asked early (issue 14).
 */

export { prefetchMyInstitutions, useInstitutionCard, useMyInstitutions } from './api';
export { CourseMenu, type CourseSelection } from './CourseMenu';
export { type BrowserContext, InstitutionBrowser, institutionParams } from './InstitutionBrowser';
export { InstitutionCard } from './InstitutionCard';
