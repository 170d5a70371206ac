import { formatDateTime, SEARCH_MAX_LENGTH, type SereciValidationRow, sereciMessages } from '@bjp/domain';
import { Paper, Stack, TextInput, Title } from '@mantine/core';
import type { Column } from '../../ui/DataTable';
import { QueryTable } from '../../ui/QueryTable';
import { urlParam } from '../../ui/url-state';
import { useUrlState, useUrlText } from '../../ui/use-url-state';
import { useSereciValidations } from './api';

const dateTime = (iso: string) => formatDateTime(iso);

/** The search and the page in the address (?q=&page=). */
const listParams = { q: urlParam.text({ max: SEARCH_MAX_LENGTH }), page: urlParam.page() };

/** 'Estudiantes Validados': searched and paged on the server, 10 a page. */
export function ValidatedList() {
  const [{ q: debounced, page }, set] = useUrlState(listParams);
  const [search, setSearch] = useUrlText(debounced, (text) => set({ q: text }), 400);
  const setPage = (next: number) => set({ page: next });
  const list = useSereciValidations(debounced, page);
  const first = (page - 1) * 10;
  const columns: Column<SereciValidationRow>[] = [
    { key: 'n', header: 'Nro.', render: (r) => first + (list.data?.items.indexOf(r) ?? 0) + 1, width: 60 },
    { key: 'rude', header: 'Código RUDE', render: (r) => r.rude },
    { key: 'student', header: 'Estudiante', render: (r) => r.student },
    { key: 'at', header: 'Fecha validación', render: (r) => dateTime(r.validatedAt) },
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack>
        <Title order={4}>Estudiantes Validados</Title>
        <TextInput
          placeholder="Buscar..."
          aria-label="Buscar estudiantes validados"
          maxLength={SEARCH_MAX_LENGTH}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <QueryTable
          query={list}
          errorText={sereciMessages.listFailed}
          data-testid="sereci-validated"
          minWidth={420}
          columns={columns}
          page={page}
          onPageChange={setPage}
          emptyText={sereciMessages.emptyList}
        />
      </Stack>
    </Paper>
  );
}
