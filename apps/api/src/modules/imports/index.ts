// The imports area's public face: its routes, and the dry run and confirmation for the CLI.

export { runPaymentImport } from './import-job.js';
export { importsRoutes } from './routes.js';
export { confirmImport, dryRun, importDetail } from './service.js';
export { receiveStream } from './upload.js';
