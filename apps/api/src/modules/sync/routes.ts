import {
  kardex,
  kardexParams,
  lastPaymentSync,
  pageQuery,
  paymentSyncResult,
  stepListQuery,
  stepOnePage,
  stepTwoPage,
  syncBatchPage,
  syncCalendar,
  syncDay,
  syncDayParams,
  syncStatus,
  syncStepResult,
} from '@bjp/domain';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import { studentKardex } from '../kardex/index.js';
import { syncCalendar as calendar, syncDayBatches } from './calendar.js';
import {
  startPaymentSync,
  syncJobParams,
  syncJobStarted,
  syncJobState,
  syncJobStatus,
  syncJobs,
} from './jobs.js';
import { history, stepOneList, stepTwoList } from './lists.js';
import { syncStatus as status } from './openness.js';
import { lastPaymentSyncRun, syncPayments } from './payments.js';
import { startStep, stepJobParams, stepJobState, stepJobStatus, syncStepNames } from './step-jobs.js';
import { consolidateChanges, sendChanges, takeCopy } from './steps.js';

/** Synchronisation with Síntesis ('Sincronización Síntesis', part 2 §2.11) and its calendar. */
export async function syncRoutes(app: AppInstance) {
  const tags = ['sync'];
  const jobs = syncJobs(app);
  const step = { schema: { tags, response: { 200: syncStepResult } }, preHandler: guard('sync.run') };

  app.get(
    '/sync/status',
    { schema: { tags, response: { 200: syncStatus } }, preHandler: guard('sync.run') },
    async () => status(app.deps),
  );
  app.post('/sync/steps/consolidate', step, async (req) =>
    consolidateChanges({ deps: app.deps, user: req.authUser, ip: req.ip }),
  );
  app.post('/sync/steps/send', step, async (req) =>
    sendChanges({ deps: app.deps, user: req.authUser, ip: req.ip }),
  );
  app.post('/sync/steps/copy', step, async (req) =>
    takeCopy({ deps: app.deps, user: req.authUser, ip: req.ip }),
  );
  // The same steps as jobs (step-jobs.ts), which the page uses: 202 with the job's id, 409 while
  // the step runs; the synchronous routes above stay for the API tests that drive the day directly.
  for (const name of syncStepNames)
    app.post(
      `/sync/steps/${name}/jobs`,
      { schema: { tags, response: { 202: syncJobStarted } }, preHandler: guard('sync.run') },
      async (req, reply) => reply.code(202).send(await startStep(app, jobs, name, req.authUser, req.ip)),
    );
  app.get(
    '/sync/steps/jobs/:id',
    {
      schema: { tags, params: stepJobParams, response: { 200: stepJobStatus } },
      preHandler: guard('sync.run'),
    },
    async (req) => stepJobState(jobs, req.params.id),
  );

  app.get(
    '/sync/history',
    {
      schema: { tags, querystring: pageQuery, response: { 200: syncBatchPage } },
      preHandler: guard('sync.run'),
    },
    async (req) => history(app.deps, req.query.page),
  );
  app.get(
    '/sync/step-one',
    {
      schema: { tags, querystring: stepListQuery, response: { 200: stepOnePage } },
      preHandler: guard('sync.run'),
    },
    async (req) => stepOneList(app.deps, req.query),
  );
  app.get(
    '/sync/step-two',
    {
      schema: { tags, querystring: stepListQuery, response: { 200: stepTwoPage } },
      preHandler: guard('sync.run'),
    },
    async (req) => stepTwoList(app.deps, req.query),
  );
  app.get(
    '/sync/kardex/:rude',
    { schema: { tags, params: kardexParams, response: { 200: kardex } }, preHandler: guard('sync.run') },
    async (req) => studentKardex(app.deps, req.params.rude, req.authUser),
  );

  // Issue 4's 'Sincronizar Datos de Pago de Síntesis' button calls this (and may call syncPayments directly).
  app.post(
    '/sync/payments',
    { schema: { tags, response: { 200: paymentSyncResult } }, preHandler: guard('sync.run') },
    async (req) => syncPayments(app.deps, req.authUser, { ip: req.ip }),
  );

  app.get(
    '/sync/payments/last',
    { schema: { tags, response: { 200: lastPaymentSync } }, preHandler: guard('sync.run') },
    async () => lastPaymentSyncRun(app.deps),
  );

  // The same, as a job (src/jobs): answers at once with the job's id; the page follows its progress.
  app.post(
    '/sync/payments/jobs',
    { schema: { tags, response: { 202: syncJobStarted } }, preHandler: guard('sync.run') },
    async (req, reply) => reply.code(202).send(await startPaymentSync(jobs, req.authUser, req.ip)),
  );
  app.get(
    '/sync/jobs/:id',
    {
      schema: { tags, params: syncJobParams, response: { 200: syncJobStatus } },
      preHandler: guard('sync.run'),
    },
    async (req) => syncJobState(jobs, req.params.id),
  );

  app.get(
    '/sync/calendar',
    { schema: { tags, response: { 200: syncCalendar } }, preHandler: guard('payments.view') },
    async () => calendar(app.deps),
  );
  app.get(
    '/sync/calendar/days/:day',
    {
      schema: { tags, params: syncDayParams, response: { 200: syncDay } },
      preHandler: guard('payments.view'),
    },
    async (req) => syncDayBatches(app.deps, req.params.day),
  );
}
