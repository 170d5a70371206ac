/** What other areas may use of frozen declarations: storing, finding and sending a school's declaration versions, the Kardex novelties, and a closed year's holders consolidation. */
export { studentNovelties } from './novelties.js';
export { holdersDeclaredAt } from './queries/of-year.js';
export {
  consolidateWithDeclaration,
  currentDeclaration,
  declarationOfYear,
  declarationVersionPdf,
  lastDeclarationOfYear,
  listVersions,
  type StoredDeclaration,
  type StoredPdf,
  type StoreInput,
  sendStored,
  storeDeclaration,
  supersedeDeclaration,
  verificationUrl,
} from './service.js';
