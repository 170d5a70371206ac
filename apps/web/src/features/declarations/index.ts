/** What other features may use of frozen declarations: the button listing a school's stored versions. */
export { DeclarationVersionsButton } from './DeclarationVersionsButton';
