import { DEFAULT_PAGE_SIZE, type EnrollmentFormRow } from '@bjp/domain';
import { Alert, Button, Modal, Paper, Stack, Switch } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../app/api';
import { confirmAction } from '../../../ui/ConfirmDialog';
import { type Column, DataTable } from '../../../ui/DataTable';
import { notifyError } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { FormBuilder } from '../builder/FormBuilder';
import { useFormList, useSetFormActive } from '../forms-api';

function ActiveSwitch({ form }: { form: EnrollmentFormRow }) {
  const setActive = useSetFormActive();
  const change = async () => {
    const message = form.active
      ? `El formulario "${form.name}" ya no se ofrecerá para nuevos eventos.`
      : `El formulario "${form.name}" se ofrecerá para nuevos eventos.`;
    if (!(await confirmAction({ message }))) return;
    setActive.mutate({ id: form.id, active: !form.active }, { onError: (e) => notifyError(errorMessage(e)) });
  };
  return (
    <Switch
      checked={form.active}
      onChange={change}
      disabled={setActive.isPending}
      color="green"
      aria-label={`Activo ${form.name}`}
    />
  );
}

/** 'Eventos / Formularios de Inscripción': the forms, their Activo switch, and the builder in a large modal. */
export function EnrollmentFormsPage() {
  const [page, setPage] = useState(1);
  const [building, setBuilding] = useState(false);
  const list = useFormList(page);

  const columns: Column<EnrollmentFormRow>[] = [
    { key: 'id', header: 'ID', render: (f) => f.id, width: 70 },
    { key: 'name', header: 'Nombre', render: (f) => f.name },
    { key: 'description', header: 'Descripción', render: (f) => f.description || '—' },
    { key: 'fields', header: 'Campos', align: 'center', render: (f) => f.fieldCount, width: 90 },
    { key: 'active', header: 'Activo', align: 'center', render: (f) => <ActiveSwitch form={f} />, width: 90 },
  ];

  return (
    <Stack>
      <PageHeader
        title="Formularios de Inscripción"
        breadcrumbs={['Eventos', 'Formularios de Inscripción']}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setBuilding(true)}>
            Agregar Formulario de Inscripción
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        {list.isError ? (
          <Alert color="red" variant="light" title="No se pudo cargar la lista">
            {errorMessage(list.error)}
          </Alert>
        ) : (
          <DataTable
            columns={columns}
            rows={list.data?.items ?? []}
            rowKey={(f) => f.id}
            page={list.data?.page ?? page}
            pageSize={list.data?.pageSize ?? DEFAULT_PAGE_SIZE}
            total={list.data?.total ?? 0}
            onPageChange={setPage}
            loading={list.isFetching}
            emptyText="No hay formularios registrados."
            data-testid="forms-table"
          />
        )}
      </Paper>
      <Modal
        opened={building}
        onClose={() => setBuilding(false)}
        title="Agregar Formulario de Inscripción"
        size="95%"
        centered
      >
        {building && <FormBuilder height="calc(100dvh - 330px)" onSaved={() => setBuilding(false)} />}
      </Modal>
    </Stack>
  );
}
