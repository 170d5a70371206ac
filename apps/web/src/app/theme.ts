import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
});

/** Chart colours: green is paid, red is unpaid (spec part 1 §2). */
export const paidColor = 'green.8';
export const unpaidColor = 'red.7';
