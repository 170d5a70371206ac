import { DEFAULT_PAGE_SIZE, type TitularListRow } from '@bjp/domain';
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { confirmAction } from '../../ui/ConfirmDialog';
import { type Column, DataTable } from '../../ui/DataTable';
import { notifyError, notifySuccess } from '../../ui/notify';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { WideTable } from '../../ui/WideTable';
import { useTitularList, useTitularStudents, useValidateTitular } from './api';

type Props = { sie: number; consolidated: boolean; canEdit: boolean };

/** 'Validar Estudiantes': the titular's students in this school, confirmed at once. */
function ValidateDialog({
  sie,
  titular,
  onClose,
}: {
  sie: number;
  titular: TitularListRow | null;
  onClose: () => void;
}) {
  const students = useTitularStudents(sie, titular?.personId ?? null);
  const validate = useValidateTitular(sie);
  const confirm = async () => {
    if (!titular) return;
    if (
      !(await confirmAction({
        message: `Se validarán los ${titular.total} estudiantes de ${titular.name} ${titular.paterno} como titular de cobro.`,
      }))
    )
      return;
    validate.mutate(titular.personId, {
      onSuccess: () => {
        notifySuccess('Estudiantes validados');
        onClose();
      },
      onError: (error) => notifyError(errorMessage(error)),
    });
  };
  return (
    <Modal opened={titular !== null} onClose={onClose} title="Validar Estudiantes" size="lg" centered>
      {titular && (
        <Stack gap="sm">
          <Text size="sm">
            {titular.carnet} — {titular.name} {titular.paterno} {titular.materno} ({titular.holderTypeName})
          </Text>
          {students.isError && <Alert color="red">{errorMessage(students.error)}</Alert>}
          <WideTable minWidth={480}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>RUDE</Table.Th>
                  <Table.Th>Estudiante</Table.Th>
                  <Table.Th>Curso</Table.Th>
                  <Table.Th>Validado</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(students.data?.items ?? []).map((s) => (
                  <Table.Tr key={s.inscriptionId}>
                    <Table.Td>{s.rude}</Table.Td>
                    <Table.Td>{s.fullName}</Table.Td>
                    <Table.Td>{s.course}</Table.Td>
                    <Table.Td>{s.validated ? 'Sí' : 'No'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button
              leftSection={<IconChecks size={16} />}
              onClick={confirm}
              loading={validate.isPending}
              disabled={titular.validated >= titular.total}
            >
              Validar
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Its page (`tpage`, reset by InstitutionBrowser when the school changes). */
const titularListParams = { tpage: urlParam.page() };

/**
 * The titular validation list: each adult who collects in this school, holder type, TOTAL / VALIDADO,
 * and 'Validar Estudiantes' (or a disabled 'Consolidado' once the list is consolidated).
 */
export function TitularValidationList({ sie, consolidated, canEdit }: Props) {
  const [{ tpage: page }, set] = useUrlState(titularListParams);
  const setPage = (next: number) => set({ tpage: next });
  const [open, setOpen] = useState<TitularListRow | null>(null);
  const list = useTitularList(sie, page);
  const columns: Column<TitularListRow>[] = [
    {
      key: 'id',
      header: 'ID',
      render: (r) =>
        (list.data ? (list.data.page - 1) * list.data.pageSize : 0) + (list.data?.items.indexOf(r) ?? 0) + 1,
      width: 60,
    },
    {
      key: 'carnet',
      header: 'CARNET',
      render: (r) => (r.complemento ? `${r.carnet}-${r.complemento}` : r.carnet),
    },
    { key: 'paterno', header: 'PATERNO', render: (r) => r.paterno },
    { key: 'materno', header: 'MATERNO', render: (r) => r.materno },
    { key: 'name', header: 'NOMBRES', render: (r) => r.name },
    { key: 'type', header: 'TIPO APODERADO', render: (r) => r.holderTypeName },
    {
      key: 'total',
      header: 'TOTAL / VALIDADO',
      align: 'center',
      render: (r) => `${r.total} / ${r.validated}`,
    },
    {
      key: 'action',
      header: '',
      render: (r) =>
        consolidated ? (
          <Button size="compact-xs" disabled>
            Consolidado
          </Button>
        ) : (
          <Button size="compact-xs" variant="light" disabled={!canEdit} onClick={() => setOpen(r)}>
            Validar Estudiantes
          </Button>
        ),
    },
  ];
  if (list.isError) return <Alert color="red">{errorMessage(list.error)}</Alert>;
  return (
    <>
      <DataTable
        columns={columns}
        rows={list.data?.items ?? []}
        rowKey={(r) => `${r.personId}-${r.holderTypeId}`}
        page={list.data?.page ?? page}
        pageSize={list.data?.pageSize ?? DEFAULT_PAGE_SIZE}
        total={list.data?.total ?? 0}
        onPageChange={setPage}
        loading={list.isFetching}
        emptyText="La institución aún no tiene titulares registrados."
        minWidth={760}
        data-testid="titulars-table"
      />
      <ValidateDialog sie={sie} titular={open} onClose={() => setOpen(null)} />
    </>
  );
}
