import { z } from 'zod';

/**
 * How pg-boss runs the jobs; read from the environment at start. The defaults suit a national run
 * (the payment sync of every beneficiary takes minutes): a job whose instance died is taken up by
 * another after JOB_EXPIRE_SECONDS, so it must exceed the longest run (pg-boss 10 has no heartbeat).
 */
const jobSettingsSchema = z.object({
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(3_600),
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).default(3),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(5),
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(30),
  JOB_POLLING_SECONDS: z.coerce.number().min(0.5).default(2),
});

export type JobSettings = z.infer<typeof jobSettingsSchema>;

export const jobSettings = (env: NodeJS.ProcessEnv = process.env): JobSettings =>
  jobSettingsSchema.parse(env);
