import { paymentDetailPage, paymentDetailQuery, paymentGeneralSummary, yearQuery } from '@bjp/domain';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import * as paymentsService from './service.js';

/** /paid/general and /paid/detail: the national payment summary and the searchable payment list. */
export async function paymentsRoutes(app: AppInstance) {
  app.get(
    '/payments/summary',
    {
      schema: { tags: ['payments'], querystring: yearQuery, response: { 200: paymentGeneralSummary } },
      preHandler: guard('payments.view'),
    },
    async (req) => paymentsService.generalSummary(app.deps.db, req.authUser, req.query),
  );
  app.get(
    '/payments',
    {
      schema: {
        tags: ['payments'],
        querystring: paymentDetailQuery.extend(yearQuery.shape),
        response: { 200: paymentDetailPage },
      },
      preHandler: guard('payments.view'),
    },
    async (req) => paymentsService.paymentDetail(app.deps.db, req.authUser, req.query),
  );
}
