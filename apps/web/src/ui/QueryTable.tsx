import { DEFAULT_PAGE_SIZE } from '@bjp/domain';
import { Alert } from '@mantine/core';
import { errorMessage } from '../app/api';
import { DataTable, type DataTableProps } from './DataTable';

/** A query of one page of a server-paged list (what react-query answers for `{ items, page, … }`). */
export type PagedQuery<T> = {
  data?: { items: T[]; page: number; pageSize: number; total: number; totalCapped?: boolean };
  isError: boolean;
  error: unknown;
  isFetching: boolean;
};

/** Rows with an `id` are keyed by it unless told otherwise. */
type RowKey<T> = T extends { id: string | number }
  ? { rowKey?: (row: T) => string | number }
  : { rowKey: (row: T) => string | number };

type Props<T> = Omit<
  DataTableProps<T>,
  'rows' | 'rowKey' | 'page' | 'pageSize' | 'total' | 'totalCapped' | 'loading'
> &
  RowKey<T> & {
    query: PagedQuery<T>;
    /** The page asked for, shown until its answer arrives. */
    page: number;
    /** The list's page size until the first answer (the domain's default). */
    pageSize?: number;
    /** The overlay; by default while the query fetches. */
    loading?: boolean;
    /** What a failed query says; by default the server's message. */
    errorText?: string;
  };

/**
 * A server-paged list as the screens show it: the query's page in a DataTable, or, when the query
 * failed, 'No se pudo cargar la lista' with the server's message.
 */
export function QueryTable<T>({
  query,
  page,
  pageSize = DEFAULT_PAGE_SIZE,
  loading,
  errorText,
  rowKey,
  ...table
}: Props<T>) {
  if (query.isError) {
    return (
      <Alert color="red" variant="light" title="No se pudo cargar la lista">
        {errorText ?? errorMessage(query.error)}
      </Alert>
    );
  }
  return (
    <DataTable
      {...table}
      rowKey={rowKey ?? ((row) => (row as { id: string | number }).id)}
      rows={query.data?.items ?? []}
      page={query.data?.page ?? page}
      pageSize={query.data?.pageSize ?? pageSize}
      total={query.data?.total ?? 0}
      totalCapped={query.data?.totalCapped}
      loading={loading ?? query.isFetching}
    />
  );
}
