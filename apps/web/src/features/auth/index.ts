/** What the shell may use of sign-in: the login page and the logout action. */
export { useLogout } from './api';
export { LoginPage } from './LoginPage';
