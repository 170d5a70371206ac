/** What other features may use of the structure: choosing an institution and a course, and the institution's card. */

export { useInstitutionCard, useMyInstitutions } from './api';
export { CourseMenu, type CourseSelection } from './CourseMenu';
export { type BrowserContext, InstitutionBrowser, institutionParams } from './InstitutionBrowser';
export { InstitutionCard } from './InstitutionCard';
