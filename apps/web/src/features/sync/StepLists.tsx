import {
  formatDate,
  type StepOnePage,
  type StepOneRow,
  type StepTwoPage,
  type StepTwoRow,
  syncMessages,
} from '@bjp/domain';
import { Alert, Badge, Button, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type Column, DataTable } from '../../ui/DataTable';
import { urlParam } from '../../ui/url-state';
import { useUrlState, useUrlText } from '../../ui/use-url-state';
import { useStepList } from './api';

/**
 * On the sync page each list's RUDE filter and page live in the address (?rude1=&page1=, ?rude2=&page2=,
 * the tab in ?step=); in a calendar day's drawer they stay in the drawer.
 */
const stepParams = {
  'step-one': { rude1: urlParam.text({ max: 30 }), page1: urlParam.page() },
  'step-two': { rude2: urlParam.text({ max: 30 }), page2: urlParam.page() },
};
const tabParams = { step: urlParam.oneOf(['one', 'two'], 'one') };

type ListState = { rude: string; page: number };

function useListState(list: 'step-one' | 'step-two', inUrl: boolean) {
  const [one, setOne] = useUrlState(stepParams['step-one']);
  const [two, setTwo] = useUrlState(stepParams['step-two']);
  const [local, setLocal] = useState<ListState>({ rude: '', page: 1 });
  if (!inUrl) {
    return {
      state: local,
      set: (change: Partial<ListState>) =>
        setLocal((prev) => ({ ...prev, ...change, page: change.page ?? 1 })),
    };
  }
  if (list === 'step-one')
    return {
      state: { rude: one.rude1, page: one.page1 },
      set: (change: Partial<ListState>) => setOne({ rude1: change.rude, page1: change.page }),
    };
  return {
    state: { rude: two.rude2, page: two.page2 },
    set: (change: Partial<ListState>) => setTwo({ rude2: change.rude, page2: change.page }),
  };
}

function StepList<T extends StepOnePage | StepTwoPage>(props: {
  list: 'step-one' | 'step-two';
  columns: Column<T['items'][number]>[];
  failure: string;
  batch?: number;
}) {
  const { state, set } = useListState(props.list, props.batch === undefined);
  const [rude, setRude] = useUrlText(state.rude, (text) => set({ rude: text.toUpperCase() }), 400);
  const page = state.page;
  const setPage = (next: number) => set({ page: next });
  const data = useStepList<T>(props.list, state.rude, page, props.batch);
  return (
    <Stack pt="sm">
      <TextInput
        label="Filtrar por RUDE"
        w={260}
        value={rude}
        onChange={(e) => setRude(e.currentTarget.value)}
      />
      {data.isError && <Alert color="red">{props.failure}</Alert>}
      {data.data?.batchDay && (
        <Text size="sm" c="dimmed">
          Lote del día {formatDate(data.data.batchDay)}
        </Text>
      )}
      <DataTable
        data-testid={props.list}
        columns={props.columns}
        rows={(data.data?.items ?? []) as T['items']}
        rowKey={(r) => r.id}
        page={page}
        pageSize={10}
        total={data.data?.total ?? 0}
        onPageChange={setPage}
        loading={data.isFetching}
        emptyText="No hay cambios en el lote."
      />
    </Stack>
  );
}

/**
 * Tabs 'Lista Paso 1' and 'Lista Paso 2', each row opening the student's kardex: of the latest batch,
 * or of `batch` (a day opened in the calendar).
 */
export function StepLists({ onKardex, batch }: { onKardex: (rude: string) => void; batch?: number }) {
  const [url, setUrl] = useUrlState(tabParams);
  const [localTab, setLocalTab] = useState<'one' | 'two'>('one');
  const tab = batch === undefined ? url.step : localTab;
  const setTab = (value: string | null) => {
    const next = tabParams.step.parse(value);
    if (batch === undefined) setUrl({ step: next });
    else setLocalTab(next);
  };
  const kardex = (rude: string) => (
    <Button size="xs" variant="light" onClick={() => onKardex(rude)}>
      Kardex
    </Button>
  );
  const one: Column<StepOneRow>[] = [
    { key: 'id', header: 'ID', render: (r) => r.id, width: 70 },
    { key: 'rude', header: 'Código RUDE', render: (r) => r.codigoRude },
    { key: 'paterno', header: 'Paterno', render: (r) => r.paternoEst },
    { key: 'materno', header: 'Materno', render: (r) => r.maternoEst },
    { key: 'name', header: 'Nombre', render: (r) => r.nombreEst },
    { key: 'desc', header: 'Descripción', render: (r) => <Text size="sm">{r.descripcion}</Text> },
    { key: 'k', header: '', render: (r) => kardex(r.codigoRude) },
  ];
  const two: Column<StepTwoRow>[] = [
    { key: 'id', header: 'ID', render: (r) => r.id, width: 70 },
    { key: 'cut', header: 'Corte', render: (r) => r.cut },
    { key: 'rude', header: 'RUDE', render: (r) => r.rude },
    { key: 'name', header: 'Beneficiario', render: (r) => r.nombreBeneficiario },
    {
      key: 'state',
      header: 'Estado Síntesis',
      render: (r) =>
        r.estado ? <Badge color={r.estado === 'APLICADO' ? 'green' : 'red'}>{r.estado}</Badge> : '—',
    },
    { key: 'k', header: '', render: (r) => kardex(r.rude) },
  ];
  return (
    <Tabs value={tab} onChange={setTab}>
      <Tabs.List>
        <Tabs.Tab value="one">Lista Paso 1</Tabs.Tab>
        <Tabs.Tab value="two">Lista Paso 2</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="one">
        <StepList<StepOnePage>
          list="step-one"
          columns={one}
          failure={syncMessages.stepOneListFailed}
          batch={batch}
        />
      </Tabs.Panel>
      <Tabs.Panel value="two">
        <StepList<StepTwoPage>
          list="step-two"
          columns={two}
          failure={syncMessages.stepTwoListFailed}
          batch={batch}
        />
      </Tabs.Panel>
    </Tabs>
  );
}
