import { formatDateTime, SEARCH_MAX_LENGTH, type SereciValidationRow, sereciMessages } from '@bjp/domain';
import { Alert, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { type Column, DataTable } from '../../ui/DataTable';
import { useSereciValidations } from './api';

const dateTime = (iso: string) => formatDateTime(iso);

/** 'Estudiantes Validados': searched and paged on the server, 10 a page. */
export function ValidatedList() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 400);
  const [page, setPage] = useState(1);
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
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        {list.isError && <Alert color="red">{sereciMessages.listFailed}</Alert>}
        <DataTable
          data-testid="sereci-validated"
          minWidth={420}
          columns={columns}
          rows={list.data?.items ?? []}
          rowKey={(r) => r.id}
          page={page}
          pageSize={10}
          total={list.data?.total ?? 0}
          onPageChange={setPage}
          loading={list.isFetching}
          emptyText={sereciMessages.emptyList}
        />
      </Stack>
    </Paper>
  );
}
