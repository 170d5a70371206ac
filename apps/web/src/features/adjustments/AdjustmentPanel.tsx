import type { InstitutionCard } from '@bjp/domain';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { warningTextColor } from '../../app/theme';
import { TitularModal } from '../holders';
import type { CourseSelection } from '../structure';
import { AdjustmentHistory } from './AdjustmentHistory';
import { useAdjustmentInstitution, useAdjustmentStudent } from './api';
import { CourseStudents } from './CourseStudents';
import { StudentFinder } from './StudentFinder';
import { adjustmentsPolicy } from './titular-policy';

/**
 * The right panel of Ajuste Titulares: 'Estudiantes' with the Gestión, the RUDE/RUDEE finder, the
 * students of the course chosen in the 'Lista', the titular modal in its adjustment variant and the
 * school's 'Historial Ajustes Solicitados'.
 */
export function AdjustmentPanel({
  card,
  selection,
}: {
  card: InstitutionCard;
  selection: CourseSelection | null;
}) {
  const state = useAdjustmentInstitution(card.sie);
  const [rude, setRude] = useState<string | null>(null);
  const student = useAdjustmentStudent(card.sie, rude);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between">
          <Title order={4}>Estudiantes</Title>
          <Text size="sm" c="dimmed">
            Gestión: {state.data?.year ?? '…'}
          </Text>
        </Group>
        {state.data && !state.data.consolidatedAt && (
          <Text size="sm" c={warningTextColor} mt="xs">
            La lista de esta institución aún no fue consolidada: los cambios se registran en Registro
            Titulares.
          </Text>
        )}
      </Paper>
      <StudentFinder
        student={student.data}
        error={student.error}
        loading={student.isFetching}
        onSearch={setRude}
        onOpen={(s) => setOpen(s.inscriptionId)}
      />
      {selection ? (
        <CourseStudents
          key={selection.label}
          sie={card.sie}
          selection={selection}
          onPick={(r) => {
            setRude(r);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          Elija un curso en la Lista para ver sus estudiantes.
        </Text>
      )}
      <AdjustmentHistory sie={card.sie} />
      <TitularModal
        policy={adjustmentsPolicy}
        sie={card.sie}
        codeType={card.codeType}
        inscriptionId={open}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
