import { Collapse, Paper, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { BaseParticipantFields } from '../renderer/BaseParticipantFields';
import { useEnrollmentForm } from '../renderer/use-enrollment-form';

/** The collapsible 'Formulario Base de inscripción': the minimum data every form asks for, shown read-only. */
export function BaseFormSection() {
  const [opened, { toggle }] = useDisclosure(false);
  const form = useEnrollmentForm([]);
  return (
    <Paper withBorder p="xs">
      <UnstyledButton
        onClick={toggle}
        aria-expanded={opened}
        style={{ display: 'flex', gap: 6, alignItems: 'center', width: '100%' }}
      >
        {opened ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
        <Text fw={500} size="sm">
          Formulario Base de inscripción
        </Text>
      </UnstyledButton>
      <Collapse in={opened}>
        <Text size="xs" c="dimmed" my="xs">
          Datos mínimos que todo formulario de inscripción pide, con sus reglas; no se editan aquí.
        </Text>
        <BaseParticipantFields form={form} disabled columns={3} />
      </Collapse>
    </Paper>
  );
}
