/** What other features may use of reports: the PDF/Excel download buttons of a place's report, and the note of a run's observed payments. */
export { DownloadButtons } from './DownloadButtons';
export { ObservedRecordsNote } from './ObservedRecordsNote';
