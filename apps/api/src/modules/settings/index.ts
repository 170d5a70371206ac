/** What other areas may use of settings: the current programme settings. */
export { getSettings } from './service.js';
