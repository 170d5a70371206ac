/** The time source, injectable so tests can pin the day (deadlines, registration periods, calendars). */
export type Clock = { now(): Date; today(): string };

/** Calendar day in Bolivia (UTC−4, no daylight saving), where every deadline of the programme applies. */
export function boliviaDay(date: Date): string {
  return new Date(date.getTime() - 4 * 3_600_000).toISOString().slice(0, 10);
}

export const systemClock: Clock = {
  now: () => new Date(),
  today: () => boliviaDay(new Date()),
};

export function fixedClock(iso: string): Clock {
  const at = new Date(iso);
  return { now: () => new Date(at), today: () => boliviaDay(at) };
}
