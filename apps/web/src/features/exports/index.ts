/** What other features may use of background downloads: following an export job and showing its progress. */
export { ExportProgress } from './ExportProgress';
export { type ExportStarted, type ExportStatus, type Preparing, useExportJob } from './useExportJob';
