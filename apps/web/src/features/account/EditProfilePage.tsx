import { Alert, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useSessionUser } from '../../app/auth/session';
import { PageHeader } from '../../ui/PageHeader';

/**
 * The original offered a template edit form wired to nothing. Account data comes from the
 * ministry's records, so this page shows it read-only and says where to correct it.
 */
export function EditProfilePage() {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <Stack>
      <PageHeader title="Editar perfil" breadcrumbs={['Perfil', 'Editar']} />
      <Alert variant="light" icon={<IconInfoCircle />} title="Datos administrados por el Ministerio">
        Los datos de su cuenta provienen de los registros del Ministerio de Educación y no se modifican desde
        esta consola. Si alguno es incorrecto, solicite la corrección al administrador del sistema.
      </Alert>
      <Paper withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nombre(s)" value={user.name} readOnly />
          <TextInput label="Apellido" value={user.firstLastName} readOnly />
          <TextInput label="Usuario" value={user.username} readOnly />
          <TextInput label="Correo electrónico" value={user.email ?? ''} placeholder="Sin correo" readOnly />
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
