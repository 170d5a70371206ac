/** What the shell uses of the dashboard besides its page: the first screen's requests (issue 14). */
export { prefetchDashboard } from './api';
