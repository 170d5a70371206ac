/** What other areas may use of frozen declarations: storing, finding and sending a school's declaration versions, and the Kardex novelties. */
export { studentNovelties } from './novelties.js';
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
} from './service.js';
