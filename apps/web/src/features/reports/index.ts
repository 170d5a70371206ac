/** What other features may use of reports: the PDF/Excel download buttons of a place's report. */
export { DownloadButtons } from './DownloadButtons';
