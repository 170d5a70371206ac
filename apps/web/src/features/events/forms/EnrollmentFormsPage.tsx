import type { EnrollmentFormDetail, EnrollmentFormRow } from '@bjp/domain';
import { Alert, Button, Group, Loader, Modal, Paper, Stack, Switch } from '@mantine/core';
import { IconHistory, IconPencil, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../app/api';
import { confirmAction } from '../../../ui/ConfirmDialog';
import type { Column } from '../../../ui/DataTable';
import { notifyError } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryTable } from '../../../ui/QueryTable';
import { urlParam } from '../../../ui/url-state';
import { useUrlState } from '../../../ui/use-url-state';
import { FormBuilder } from '../builder/FormBuilder';
import { useFormDetail, useFormList, useSetFormActive } from '../forms-api';
import { VersionsModal } from './VersionsModal';

/**
 * The 'Activo' switch of the specification (part 1 §2): an inactive form is not offered for new
 * events; events using it keep it. Asks first, as the other Activo switches do.
 */
function ActiveSwitch({ form }: { form: EnrollmentFormRow }) {
  const setActive = useSetFormActive();
  const change = async () => {
    const message = form.active
      ? `El formulario «${form.name}» ya no se ofrecerá para nuevos eventos; los eventos que lo usan no cambian.`
      : `El formulario «${form.name}» se ofrecerá para nuevos eventos.`;
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

/**
 * The builder on a form's latest version, asked afresh when 'Editar' is pressed (mounted per form).
 * The version first received is kept for the whole edit: a later refetch never resets the builder,
 * and the save says which version it was made on (409 if another was saved meanwhile).
 */
function EditLoader({ formId, onSaved }: { formId: number; onSaved: () => void }) {
  const detail = useFormDetail(formId, true);
  const [opened, setOpened] = useState<EnrollmentFormDetail | null>(null);
  useEffect(() => {
    if (!opened && detail.data && !detail.isFetching) setOpened(detail.data);
  }, [opened, detail.data, detail.isFetching]);
  if (detail.isError)
    return (
      <Alert color="red" variant="light">
        {errorMessage(detail.error)}
      </Alert>
    );
  if (!opened) return <Loader size="sm" />;
  return <FormBuilder editing={opened} height="calc(100dvh - 380px)" onSaved={onSaved} />;
}

/** The list's page in the address (?page=). */
const listParams = { page: urlParam.page() };

/**
 * 'Eventos / Formularios de Inscripción': the forms with their latest version, 'Editar' (the builder
 * on that version; saving makes a new one), 'Versiones' and the 'Activo' switch, and the builder for a new form.
 */
export function EnrollmentFormsPage() {
  const [{ page }, setUrl] = useUrlState(listParams);
  const setPage = (next: number) => setUrl({ page: next });
  const [building, setBuilding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [history, setHistory] = useState<EnrollmentFormRow | null>(null);
  const list = useFormList(page);

  const columns: Column<EnrollmentFormRow>[] = [
    { key: 'id', header: 'ID', render: (f) => f.id, width: 60 },
    { key: 'name', header: 'Nombre', render: (f) => f.name },
    { key: 'description', header: 'Descripción', render: (f) => f.description || '—' },
    { key: 'version', header: 'Versión', align: 'center', render: (f) => f.version, width: 80 },
    { key: 'fields', header: 'Campos', align: 'center', render: (f) => f.fieldCount, width: 80 },
    { key: 'active', header: 'Activo', align: 'center', width: 80, render: (f) => <ActiveSwitch form={f} /> },
    {
      key: 'actions',
      header: 'Acciones',
      render: (f) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPencil size={14} />}
            onClick={() => setEditing(f.id)}
            aria-label={`Editar ${f.name}`}
          >
            Editar
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            leftSection={<IconHistory size={14} />}
            onClick={() => setHistory(f)}
            aria-label={`Versiones de ${f.name}`}
          >
            Versiones
          </Button>
        </Group>
      ),
    },
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
        <QueryTable
          query={list}
          columns={columns}
          page={page}
          onPageChange={setPage}
          emptyText="No hay formularios registrados."
          minWidth={860}
          data-testid="forms-table"
        />
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
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title="Editar Formulario de Inscripción"
        size="95%"
        centered
      >
        {editing !== null && <EditLoader key={editing} formId={editing} onSaved={() => setEditing(null)} />}
      </Modal>
      <VersionsModal form={history} onClose={() => setHistory(null)} />
    </Stack>
  );
}
