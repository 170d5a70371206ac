/** Bolivia keeps UTC−4 all year (no daylight saving). */
const BOLIVIA_OFFSET_MS = -4 * 60 * 60 * 1000;

/**
 * Today's calendar day in Bolivia (yyyy-mm-dd). Deadlines are Bolivian days on the server too,
 * so a browser in another time zone cuts the director's menu at the same moment.
 */
export function boliviaToday(now = Date.now()): string {
  return new Date(now + BOLIVIA_OFFSET_MS).toISOString().slice(0, 10);
}
