export { studentKardex } from './kardex.js';
export { kardexRoutes } from './routes.js';
