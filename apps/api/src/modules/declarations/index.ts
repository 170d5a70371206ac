/** What other areas may use of frozen declarations: storing, finding and sending a school's declaration versions, the Kardex novelties, and a closed year's holders consolidation. */
export { consolidateWithDeclaration } from './consolidate.js';
export { studentNovelties } from './novelties.js';
export { holdersDeclaredAt } from './queries/of-year.js';
export {
  type StoredDeclaration,
  type StoreInput,
  storeDeclaration,
  supersedeDeclaration,
  verificationUrl,
} from './store.js';
export {
  currentDeclaration,
  declarationOfYear,
  declarationVersionPdf,
  declaredContent,
  lastDeclarationOfYear,
  listVersions,
  type StoredPdf,
  sendStored,
} from './versions.js';
