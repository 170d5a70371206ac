import {
  calendarStatus,
  calendarStatusLabels,
  daysFrom,
  MONTH_NAMES_ES,
  type SyncCalendar,
  type SyncDay,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import { batchOfDay } from './batch.js';
import { batchesBetween, calendarStart } from './queries/batches.js';

/**
 * 'Estado de Sincronización': every day from the calendar start in settings to today (deps.clock),
 * grouped by month, each with its status derived from the day's record in the consolidation history.
 */
export async function syncCalendar(deps: AppDeps): Promise<SyncCalendar> {
  const today = deps.clock.today();
  const start = (await calendarStart(deps.db)) ?? today;
  const records = await batchesBetween(deps.db, start, today);
  const byDay = new Map(records.map((r) => [r.day, r]));
  const months: SyncCalendar['months'] = [];
  for (const date of daysFrom(start, today)) {
    const key = date.slice(0, 7);
    let month = months[months.length - 1];
    if (month?.key !== key) {
      month = { key, name: `${MONTH_NAMES_ES[Number(key.slice(5)) - 1]} ${key.slice(0, 4)}`, days: [] };
      months.push(month);
    }
    const status = calendarStatus(date, today, byDay.get(date) ?? null);
    const record = byDay.get(date);
    month.days.push({
      date,
      status,
      label: calendarStatusLabels[status],
      isToday: date === today,
      changes: record?.itemCount ?? 0,
      synced: record !== undefined,
    });
  }
  return { start, today, months };
}

/**
 * A calendar day opened: the synchronisation records of that Bolivian day (the history keeps one a
 * day, so none or one), with their counts. The day is the `day` column, already in Bolivia's time.
 */
export async function syncDayBatches(deps: AppDeps, day: string): Promise<SyncDay> {
  const batch = await batchOfDay(deps.db, day);
  return { day, batches: batch ? [batch] : [] };
}
