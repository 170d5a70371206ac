import { addDays, boliviaDay, daysBetween } from '@bjp/domain';

/**
 * The dates the generated activity falls on. The national data set replays the 2025 campaign
 * (payments 13 Oct – 20 Nov 2025); the demo is placed relative to the day it runs, so the
 * dashboard's date filter and the open registration period show data whatever the date.
 */
export type Timeline = {
  /** First day of holder registration (period 1). */
  registrationFrom: string;
  paymentsFrom: string;
  /** Number of days payments are spread over, starting at paymentsFrom. */
  paymentDays: number;
  /** Last day a school can have consolidated its list in the generated data. */
  consolidationTo: string;
};

export const CAMPAIGN_START = '2025-10-13';
const CAMPAIGN_LAST_PAYMENT = '2025-11-20';

/** Calendar arithmetic is the domain's (one clock); the seed's modules take it from here. */
export { addDays, daysBetween };

/** Today on Bolivia's clock, the day the generated timeline ends on. */
export function todayIso(): string {
  return boliviaDay();
}

export function timelineFor(relativeTo: string | null): Timeline {
  const paymentDays = daysBetween(CAMPAIGN_START, CAMPAIGN_LAST_PAYMENT) + 1;
  if (!relativeTo) {
    return {
      registrationFrom: CAMPAIGN_START,
      paymentsFrom: CAMPAIGN_START,
      paymentDays,
      consolidationTo: CAMPAIGN_LAST_PAYMENT,
    };
  }
  const thirtyDaysAgo = addDays(relativeTo, -30);
  return {
    registrationFrom: thirtyDaysAgo < CAMPAIGN_START ? thirtyDaysAgo : CAMPAIGN_START,
    paymentsFrom: addDays(relativeTo, -(paymentDays - 1)),
    paymentDays,
    consolidationTo: addDays(relativeTo, -1),
  };
}
