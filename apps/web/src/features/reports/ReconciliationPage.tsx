import {
  type ReconciliationState,
  reconciliationMessages,
  reconciliationStates,
  trackingMessages,
} from '@bjp/domain';
import { Alert, Loader, Stack } from '@mantine/core';
import { errorMessage } from '../../app/api';
import { PageHeader } from '../../ui/PageHeader';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { PlaceChooser, placeParams, usePlaceChoice } from './place-choice';
import { ReconciliationView } from './ReconciliationView';
import { useReconciliation } from './reconciliation-api';

/** The level, each level's code, the state filter and the page in the address. */
const reconciliationParams = {
  ...placeParams,
  state: urlParam.optionalOneOf(reconciliationStates),
  page: urlParam.page(),
};

/**
 * 'Conciliación Banco – DDJJ': choose the place (country, department, district or school within the
 * caller's scope), then read the discrepancies between the bank and the sworn declarations.
 */
export function ReconciliationPage() {
  const [url, set] = useUrlState(reconciliationParams);
  const choice = usePlaceChoice(url, set);
  const { target } = choice;
  const state = url.state;
  const setState = (next: ReconciliationState | null) => set({ state: next });
  const page = url.page;
  const setPage = (next: number) => set({ page: next });
  const report = useReconciliation(target, page, state);

  return (
    <Stack>
      <PageHeader
        title={reconciliationMessages.title}
        breadcrumbs={['Reportes']}
        description="Estudiantes cuyo pago según el banco y la declaración jurada (DDJJ) de pagados en vigor de su unidad educativa no coinciden, con el monto de cada caso."
      />
      <PlaceChooser choice={choice} loading={report.isFetching} />
      {choice.levels.length === 0 && <Alert color="red">{trackingMessages.invalidUser}</Alert>}
      {report.isError && <Alert color="red">{errorMessage(report.error)}</Alert>}
      {report.isLoading && <Loader mx="auto" />}
      {report.data && target && !report.isError && (
        <ReconciliationView
          report={report.data}
          target={target}
          state={state}
          onState={setState}
          page={page}
          onPage={setPage}
          loading={report.isFetching}
        />
      )}
    </Stack>
  );
}
