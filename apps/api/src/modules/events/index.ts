// The events area's public face for other areas: the stored-file mechanism (exports and imports keep
// their files there too).
export { type FileStore, fileStoreFor, newStorageKey } from './file-store.js';
