import { formatDate, type KardexSearchRow } from '@bjp/domain';
import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../app/api';
import { type Column, DataTable } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { useKardex, useKardexSearch } from './api';
import { KardexView } from './KardexView';

/**
 * The search, its page and the student opened (?q=&page=&rude=). A search is submitted with
 * 'Buscar', so it pushes like a click; opening a student keeps the search's page for Back.
 */
const kardexParams = {
  q: urlParam.text({ history: 'push' }),
  page: urlParam.page(),
  rude: urlParam.text({ history: 'push', resetsPage: false, max: 30 }),
};

/** The search (?q=&page=): students of the caller's place by RUDE or name, each opening its Kardex. */
function StudentSearch({ onOpen }: { onOpen: (rude: string) => void }) {
  const [{ q, page }, set] = useUrlState(kardexParams);
  const [typed, setTyped] = useState(q);
  useEffect(() => setTyped(q), [q]);
  const results = useKardexSearch(q, page);
  const columns: Column<KardexSearchRow>[] = [
    { key: 'rude', header: 'Código RUDE', render: (r) => r.rude },
    { key: 'name', header: 'Estudiante', render: (r) => r.name },
    { key: 'birth', header: 'Nacimiento', render: (r) => formatDate(r.birthDate) },
    { key: 'year', header: 'Gestión', render: (r) => r.year, width: 80 },
    { key: 'ue', header: 'UE/CEE', render: (r) => `${r.institutionId} - ${r.institution}` },
    {
      key: 'open',
      header: '',
      render: (r) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => onOpen(r.rude)}
          aria-label={`Ver Kardex de ${r.name}`}
        >
          Ver Kardex
        </Button>
      ),
    },
  ];
  return (
    <Stack>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: typed.trim() });
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label="RUDE o nombre del estudiante"
            placeholder="Ej.: 8098… o MAMANI QUISPE ANA"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            maxLength={100}
            w={{ base: '100%', sm: 420 }}
            data-autofocus
          />
          <Button type="submit" leftSection={<IconSearch size={16} />} disabled={typed.trim().length < 3}>
            Buscar
          </Button>
        </Group>
      </form>
      {q.length > 0 && q.length < 3 && (
        <Text size="sm" c="dimmed">
          Escriba al menos 3 caracteres del RUDE o del nombre del estudiante.
        </Text>
      )}
      {results.isError && <Alert color="red">{errorMessage(results.error)}</Alert>}
      {q.length >= 3 && (
        <DataTable
          data-testid="kardex-results"
          columns={columns}
          rows={results.data?.items ?? []}
          rowKey={(r) => r.rude}
          page={page}
          pageSize={results.data?.pageSize ?? 10}
          total={results.data?.total ?? 0}
          onPageChange={(p) => set({ page: p })}
          loading={results.isFetching}
          emptyText="Ningún estudiante de su jurisdicción coincide con la búsqueda."
        />
      )}
    </Stack>
  );
}

/** One student's Kardex (?rude=), with the way back to the search it came from. */
function StudentKardex({ rude, onBack }: { rude: string; onBack: () => void }) {
  const kardex = useKardex(rude);
  return (
    <Stack>
      <Group>
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          Volver a la búsqueda
        </Button>
      </Group>
      <Paper withBorder radius="md" p="md">
        {kardex.isLoading && <Loader size="sm" />}
        {kardex.isError && <Alert color="red">{errorMessage(kardex.error)}</Alert>}
        {kardex.data && <KardexView k={kardex.data} />}
      </Paper>
    </Stack>
  );
}

/**
 * /kardex 'Kardex del Estudiante' (issue 16): national, department and district staff and
 * directors find a student of their place and read the whole history. The search and the student
 * live in the URL, so reload and the browser's back button keep them.
 */
export function KardexPage() {
  const [url, set] = useUrlState(kardexParams);
  const rude = url.rude.trim().toUpperCase();
  const open = (next: string) => set({ rude: next });
  const back = () => set({ rude: '' });
  return (
    <Stack>
      <PageHeader
        title="Kardex del Estudiante"
        breadcrumbs={['Kardex del Estudiante']}
        description="Historial completo de un estudiante de su jurisdicción: inscripción, titulares, ajustes, bajas, bloqueos, validaciones, pagos, sincronizaciones y declaraciones."
      />
      {rude ? <StudentKardex rude={rude} onBack={back} /> : <StudentSearch onOpen={open} />}
    </Stack>
  );
}
