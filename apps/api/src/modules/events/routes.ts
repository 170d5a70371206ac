import multipart from '@fastify/multipart';
import type { AppInstance } from '../../app-types.js';
import { eventRoutes } from './event-routes.js';
import { fileRoutes } from './file-routes.js';
import { formRoutes } from './form-routes.js';
import { institutionRoutes } from './institution-routes.js';
import { multipartLimits } from './multipart.js';
import { optionListRoutes } from './option-list-routes.js';
import { participantRoutes } from './participant-routes.js';
import { periodRoutes } from './period-routes.js';
import { publicRoutes } from './public-routes.js';

/**
 * The events back-office: events and places, their files, enrollment forms, periods and stages, the
 * public enrollment and the institution enrollment page. Multipart is registered here, for this area only.
 */
export async function eventsRoutes(app: AppInstance) {
  // throwFileSizeLimit off: a file over the limit arrives cut and flagged, so the answer can name the field.
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: false });
  await eventRoutes(app);
  await fileRoutes(app);
  await formRoutes(app);
  await periodRoutes(app);
  await publicRoutes(app);
  await optionListRoutes(app);
  await institutionRoutes(app);
  await participantRoutes(app);
}
