import { yearMessages } from '@bjp/domain';
import { Alert, NativeSelect } from '@mantine/core';
import { urlParam } from '../ui/url-state';
import { useUrlState } from '../ui/use-url-state';
import { fallbackConfig, useLoadedPublicConfig } from './public-config';

/**
 * The programme year (gestión) a page reads, kept in the address (?gestion=2024) so links, reloads
 * and Back keep it (decision 040). Absent, or a year the console does not hold, reads as the open year.
 */
export const gestionParams = { gestion: urlParam.int({ min: 2000, max: 2100 }) };

export type Gestion = {
  /** The year shown. */
  year: number;
  /** What to send as the API's `year` query parameter: undefined for the open year. */
  query: number | undefined;
  /** A closed year: read only. */
  closed: boolean;
  years: Array<{ year: number; closed: boolean }>;
  choose: (year: number) => void;
};

/**
 * The chosen year of the page, from the address and the public configuration's list of years.
 * Until the configuration has arrived (a reload on a slow line), a year in the address is taken as
 * a closed one, so the page asks for that year at once instead of showing the open year's figures
 * first; the server answers 400 for a year it does not hold. `onChange` runs after another year is
 * chosen (a paged list goes back to its first page).
 */
export function useGestion(onChange?: () => void): Gestion {
  const loaded = useLoadedPublicConfig();
  const config = loaded ?? fallbackConfig;
  const [{ gestion }, set] = useUrlState(gestionParams);
  const chosen = loaded
    ? loaded.years.find((y) => y.year === gestion && y.closed)
    : gestion !== null
      ? { year: gestion, closed: true }
      : undefined;
  return {
    year: chosen?.year ?? config.year,
    query: chosen?.year,
    closed: chosen !== undefined,
    years: config.years,
    // The open year is the default: left out of the address.
    choose: (year) => {
      set({ gestion: year === config.year ? null : year });
      onChange?.();
    },
  };
}

/**
 * 'Gestión' selector for a page header; nothing while the console holds a single year. The browser's
 * own list (a handful of years): a phone opens its native picker, and the first screen of every page
 * that has it draws no dropdown, portal or positioning code (issue 14, decision 043).
 */
export function YearSelector({ gestion }: { gestion: Gestion }) {
  if (gestion.years.length < 2) return null;
  return (
    <NativeSelect
      label="Gestión"
      data={gestion.years.map((y) => ({
        value: String(y.year),
        label: y.closed ? `${y.year} (cerrada)` : `${y.year} (abierta)`,
      }))}
      value={String(gestion.year)}
      onChange={(event) => gestion.choose(Number(event.currentTarget.value))}
      w={170}
    />
  );
}

/** The read-only notice of a closed year; nothing for the open year. */
export function ClosedYearBanner({ gestion }: { gestion: Gestion }) {
  if (!gestion.closed) return null;
  return (
    <Alert color="gray" variant="light" role="status" title={yearMessages.closedBanner(gestion.year)}>
      Los datos de esta gestión están cerrados: se muestran como quedaron al cierre y no se pueden modificar.
    </Alert>
  );
}
