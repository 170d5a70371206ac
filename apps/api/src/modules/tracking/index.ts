/** What other areas may use of tracking: loading a place and checking it is the user's own. */
export { loadPlace, ownPlace } from './places.js';
