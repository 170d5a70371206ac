import { z } from 'zod';

/**
 * How pg-boss runs the jobs; read from the environment at start. The defaults suit a national run
 * (the payment sync of every beneficiary takes minutes). A running job's instance renews its lease
 * (lease.ts) every JOB_LEASE_SECONDS / 4; a job whose lease ran out (its instance died) is taken
 * over within about JOB_LEASE_SECONDS × 1.5 + JOB_RETRY_DELAY_SECONDS + JOB_POLLING_SECONDS (under
 * 2 minutes with the defaults). JOB_EXPIRE_SECONDS stays pg-boss' bound on a live run's length.
 */
const jobSettingsSchema = z.object({
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(3_600),
  JOB_LEASE_SECONDS: z.coerce.number().min(1).default(60),
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).default(3),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(5),
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(30),
  JOB_POLLING_SECONDS: z.coerce.number().min(0.5).default(2),
});

export type JobSettings = z.infer<typeof jobSettingsSchema>;

export const jobSettings = (env: NodeJS.ProcessEnv = process.env): JobSettings =>
  jobSettingsSchema.parse(env);
