import { sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { addDays, timelineFor } from './timeline.js';

/**
 * Moves the director deadline and the registration period (period 1) around `today`, so a demo
 * started on any day has an open registration window: it starts on 13 Oct 2025 (or 30 days ago if
 * that is earlier) and ends, like the deadline, eight days from today. calendar_start stays put.
 */
export async function applyDemoCalendar(tx: Executor, today: string): Promise<void> {
  const deadline = addDays(today, 8);
  const startsOn = timelineFor(today).registrationFrom;
  await tx.execute(sql`UPDATE programme_settings SET director_deadline = ${deadline}::date WHERE id = 1`);
  await tx.execute(
    sql`UPDATE periods SET starts_on = ${startsOn}::date, ends_on = ${deadline}::date
        WHERE id = (SELECT registration_period_id FROM programme_settings WHERE id = 1)`,
  );
}
