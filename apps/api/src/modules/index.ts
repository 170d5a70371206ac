import type { AppInstance } from '../app-types.js';
import { adjustmentsRoutes } from './adjustments/routes.js';
import { authRoutes } from './auth/routes.js';
import { blockingRoutes } from './blocking/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { declarationRoutes } from './declarations/routes.js';
import { enablingRoutes } from './enabling/routes.js';
import { eventsRoutes } from './events/routes.js';
import { exportsRoutes } from './exports/routes.js';
import { holdersRoutes } from './holders/routes.js';
import { kardexRoutes } from './kardex/routes.js';
import { paidValidationRoutes } from './paid-validation/routes.js';
import { paymentsRoutes } from './payments/routes.js';
import { publicStatusRoutes } from './public-status/routes.js';
import { removalsRoutes } from './removals/routes.js';
import { reportsRoutes } from './reports/routes.js';
import { sereciRoutes } from './sereci/routes.js';
import { settingsRoutes } from './settings/routes.js';
import { structureRoutes } from './structure/routes.js';
import { syncRoutes } from './sync/routes.js';
import { trackingRoutes } from './tracking/routes.js';
import { usersRoutes } from './users/routes.js';
import { searchActivityRoutes } from './users/search-activity-routes.js';

/** Every area's routes, under /api/v1. */
export async function registerModules(api: AppInstance) {
  await api.register(authRoutes);
  await api.register(settingsRoutes);
  await api.register(dashboardRoutes);
  await api.register(usersRoutes);
  await api.register(searchActivityRoutes);
  await api.register(structureRoutes);
  await api.register(holdersRoutes);
  await api.register(eventsRoutes);
  await api.register(trackingRoutes);
  await api.register(reportsRoutes);
  await api.register(paymentsRoutes);
  await api.register(publicStatusRoutes);
  await api.register(declarationRoutes);
  await api.register(paidValidationRoutes);
  await api.register(enablingRoutes);
  await api.register(sereciRoutes);
  await api.register(blockingRoutes);
  await api.register(syncRoutes);
  await api.register(kardexRoutes);
  await api.register(adjustmentsRoutes);
  await api.register(removalsRoutes);
  await api.register(exportsRoutes);
}
