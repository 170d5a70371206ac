/** What other areas may use of frozen declarations: the stored versions, their verification and the Kardex novelties. */
// Labels and messages live apart, without zod: the screens import them without the schemas (issue 14).
export * from './messages.js';
export * from './novelties.js';
export * from './schemas.js';
