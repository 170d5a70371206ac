// The imports area's public face: the dry run and confirmation (the CLI uses them). Its routes are
// registered by modules/index.ts, like every area's.
export { runPaymentImport, runRollJob } from './import-job.js';
export { importRow } from './queries.js';
export { runRollCheck, runRollImport } from './roll/jobs.js';
export { storeRollImport } from './roll/start.js';
export { confirmImport, dryRun, importDetail } from './service.js';
export { receiveStream } from './upload.js';
