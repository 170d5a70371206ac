/**
 * What other areas may use of settings: the open year's settings, the list of years, a year's
 * settings, and the open year held for a write (with the refusal of a closed year's data).
 */
export {
  getSettings,
  holdOpenYear,
  listYears,
  refuseClosedYear,
  settingsForYear,
  type YearSettings,
} from './service.js';
