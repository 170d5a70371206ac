/** What other areas may use of frozen declarations: the stored versions, their verification and the Kardex novelties. */
export * from './novelties.js';
export * from './schemas.js';
