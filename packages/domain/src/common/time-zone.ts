/**
 * Bolivia's zone: every deadline, day and time the console shows or compares is on its clock (UTC−4
 * all year). The one place the zone is named; calendar.ts and format.ts read it from here.
 */
export const BOLIVIA_TIME_ZONE = 'America/La_Paz';
