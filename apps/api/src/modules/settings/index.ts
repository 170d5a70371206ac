/**
 * What other areas may use of settings: the open year's settings, the list of years, a year's
 * settings, the year a read route answers for, and the open year held for a write (with the
 * refusal of a closed year's data).
 */
export {
  getSettings,
  holdOpenYear,
  listYears,
  refuseClosedYear,
  settingsForYear,
  type YearSettings,
  yearToRead,
} from './service.js';
