import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../ui/PageHeader';
import { FormBuilder } from './FormBuilder';

/** /events/register: the full builder page; after saving, the list of forms. */
export function BuilderPage() {
  const navigate = useNavigate();
  return (
    <Stack>
      <PageHeader title="Registro de eventos" breadcrumbs={['Eventos', 'Registro de formularios']} />
      <FormBuilder onSaved={() => navigate('/events/enrollments')} />
    </Stack>
  );
}
