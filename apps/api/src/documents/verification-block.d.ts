import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { VerificationStamp } from './inputs.js';
/**
 * The verification block of a stored declaration (issue 12): the QR code of its public verification
 * page, the code in words and the version, kept together (unbreakable) at the end of the document.
 */
export declare function verificationBlock(stamp: VerificationStamp | undefined): Content[];
/** Appends the verification block to a document definition (kept apart from the layout functions). */
export declare function withVerification(doc: TDocumentDefinitions, stamp: VerificationStamp | undefined): TDocumentDefinitions;
