import 'dayjs/locale/es';
import '@mantine/dates/styles.css';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';

/** Spanish calendars for the screens that use @mantine/dates (kept out of the login bundle). */
export function SpanishDates({ children }: { children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1, consistentWeeks: true }}>
      {children}
    </DatesProvider>
  );
}
