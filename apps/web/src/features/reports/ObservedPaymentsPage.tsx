import { type ObservedKind, observedKinds, observedMessages, trackingMessages } from '@bjp/domain';
import { Alert, Loader, Stack } from '@mantine/core';
import { errorMessage } from '../../app/api';
import { PageHeader } from '../../ui/PageHeader';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { ObservedPaymentsView } from './ObservedPaymentsView';
import { useObservedPayments } from './observed-api';
import { PlaceChooser, placeParams, usePlaceChoice } from './place-choice';

/** The place, the kind filter and the page in the address. */
const observedParams = {
  ...placeParams,
  kind: urlParam.optionalOneOf(observedKinds),
  page: urlParam.page(),
};

/**
 * 'Pagos observados': choose the place within the caller's scope, then read the payments an auditor
 * must look at, counted per kind, with the list of students and its spreadsheet.
 */
export function ObservedPaymentsPage() {
  const [url, set] = useUrlState(observedParams);
  const choice = usePlaceChoice(url, set);
  const { target } = choice;
  const report = useObservedPayments(target, url.page, url.kind);

  return (
    <Stack>
      <PageHeader
        title={observedMessages.title}
        breadcrumbs={['Reportes']}
        description="Pagos que el banco informó y que un auditor debe revisar: fechas fuera de rango, titular, monto, pagos repetidos, bajas, bloqueos y estudiantes fuera del padrón."
      />
      <PlaceChooser choice={choice} loading={report.isFetching} />
      {choice.levels.length === 0 && <Alert color="red">{trackingMessages.invalidUser}</Alert>}
      {report.isError && <Alert color="red">{errorMessage(report.error)}</Alert>}
      {report.isLoading && <Loader mx="auto" />}
      {report.data && target && !report.isError && (
        <ObservedPaymentsView
          report={report.data}
          target={target}
          kind={url.kind}
          onKind={(kind: ObservedKind | null) => set({ kind })}
          page={url.page}
          onPage={(page: number) => set({ page })}
          loading={report.isFetching}
        />
      )}
    </Stack>
  );
}
