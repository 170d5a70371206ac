/** What other code may use of sign-in: the login throttle's limits. */
export { throttleLimits } from './throttle.js';
