import { formatDate, type SereciStudent, sereciMessages } from '@bjp/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../app/api';
import { showErrorDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { useSereciStudent } from './api';
import { RudeFinder } from './RudeFinder';
import { ValidatedList } from './ValidatedList';
import { ValidationModal } from './ValidationModal';

const badgeColor = { segip: 'green', sereci: 'teal', pending: 'orange' } as const;

function StudentCard({ student, onClear }: { student: SereciStudent; onClear: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder radius="md" p="md" data-testid="sereci-student">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>{[student.paterno, student.materno, student.name].join(' ')}</Title>
          <Badge color={badgeColor[student.status]} size="lg">
            {student.statusLabel}
          </Badge>
        </Group>
        <Text size="sm">Código RUDE: {student.rude}</Text>
        <Text size="sm">Fecha de nacimiento: {formatDate(student.birthDate)}</Text>
        <Text size="sm">
          Unidad Educativa:{' '}
          {student.institution ? `${student.institution.id} - ${student.institution.name}` : '—'}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClear}>
            Limpiar
          </Button>
          {student.status === 'pending' && <Button onClick={() => setOpen(true)}>Validar Estudiante</Button>}
        </Group>
      </Stack>
      <ValidationModal student={student} opened={open} onClose={() => setOpen(false)} />
    </Paper>
  );
}

function HelpButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionIcon variant="light" size="lg" aria-label="Ayuda" onClick={() => setOpen(true)}>
        <IconHelp size={20} />
      </ActionIcon>
      <Modal opened={open} onClose={() => setOpen(false)} title="Ayuda — Validación SERECI" centered>
        <Stack gap="xs">
          <Text size="sm">1. Busque al estudiante por su código RUDE.</Text>
          <Text size="sm">
            2. Si el estado es 'Pendiente de Validación', presione 'Validar Estudiante' y verifique con el
            certificado de nacimiento la Oficialía, el Libro, la Partida y el Folio.
          </Text>
          <Text size="sm">
            3. SERECI confirma los datos: el estudiante queda 'Validado SERECI' y su titular puede
            registrarse.
          </Text>
          <Text size="sm">
            Los estudiantes 'Validado SEGIP' ya tienen su cédula validada y no requieren validación.
          </Text>
        </Stack>
      </Modal>
    </>
  );
}

/** /sereci/student-validation 'Validación SERECI' (part 2 §2.9). */
export function SereciPage() {
  const [rude, setRude] = useState<string | null>(null);
  const student = useSereciStudent(rude);
  useEffect(() => {
    if (student.isError) showErrorDialog(errorMessage(student.error, sereciMessages.studentNotFound));
  }, [student.isError, student.error]);
  return (
    <Stack>
      <PageHeader
        title="Validación SERECI"
        breadcrumbs={['Validación Estudiantes']}
        actions={<HelpButton />}
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Paper withBorder radius="md" p="md">
              <RudeFinder onSearch={setRude} loading={student.isFetching} />
            </Paper>
            {student.data && !student.isError && (
              <StudentCard student={student.data} onClear={() => setRude(null)} />
            )}
            {student.isError && (
              <Alert color="red">{errorMessage(student.error, sereciMessages.studentNotFound)}</Alert>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ValidatedList />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
