import { boliviaDay } from '@bjp/domain';

/**
 * Today's calendar day in Bolivia (yyyy-mm-dd). Deadlines are Bolivian days on the server too,
 * so a browser in another time zone cuts the director's menu at the same moment.
 */
export function boliviaToday(now = Date.now()): string {
  return boliviaDay(now);
}
