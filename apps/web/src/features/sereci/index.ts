/** What other features may use of SERECI: finding a student by RUDE. */
export { RudeFinder } from './RudeFinder';
