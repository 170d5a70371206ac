/** What other areas may use of settings: the open year's settings, the list of years, a year's settings. */
export { getSettings, listYears, settingsForYear, type YearSettings, yearToRead } from './service.js';
