import { type PreviousTitular, previousTitularMessages } from '@bjp/domain';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';

type Props = {
  previous: PreviousTitular;
  onChoose: () => void;
  loading: boolean;
  /** The modal does not admit changes now (its alert says why). */
  disabled: boolean;
};

/**
 * 'Titular de la gestión 2025: … — Elegir' (issue 18): last year's titular of the student, first in
 * the modal, one click away. When this year's rules refuse the person the button is disabled and
 * the reason shows under the name.
 */
export function PreviousTitularChoice({ previous, onChoose, loading, disabled }: Props) {
  const person = [previous.paterno, previous.materno, previous.name].filter(Boolean).join(' ');
  const carnet = previous.complemento ? `${previous.carnet}-${previous.complemento}` : previous.carnet;
  const label = previousTitularMessages.choice(previous.year);
  return (
    <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-blue-light)" data-testid="previous-titular">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconHistory size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {label}: {person}
            </Text>
            <Text size="sm" c="dimmed">
              CI {carnet} · {previous.relationshipName}
            </Text>
            {previous.refusal && (
              <Text size="sm" c="orange.8">
                {previous.refusal}
              </Text>
            )}
          </Stack>
        </Group>
        <Button
          size="sm"
          onClick={onChoose}
          loading={loading}
          disabled={disabled || previous.refusal !== null}
          aria-label={`${previousTitularMessages.choose}: ${label}, ${person}`}
        >
          {previousTitularMessages.choose}
        </Button>
      </Group>
    </Paper>
  );
}
