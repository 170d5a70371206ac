import { type PreviousGuardians, previousGuardiansMessages } from '@bjp/domain';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';

type Props = {
  previous: PreviousGuardians;
  /** Every admitted candidate (no ids), or the one of a row. */
  onAdd: (personIds?: number[]) => void;
  /** The request in flight: all ('all'), one row's person id, or null. */
  pending: 'all' | number | null;
  /** The modal does not admit changes now (its alert says why). */
  disabled: boolean;
};

const fullName = (g: PreviousGuardians['candidates'][number]) =>
  [g.paterno, g.materno, g.name].filter(Boolean).join(' ');

/**
 * 'Tutores de la gestión 2025' (issue 18, decision 041): the student's guardians of last year not yet
 * on this year's list, with one button that adds every admitted one and an 'Agregar' per row. A
 * person this year's rules refuse shows the reason and no button.
 */
export function PreviousGuardiansSection({ previous, onAdd, pending, disabled }: Props) {
  const title = previousGuardiansMessages.title(previous.year);
  const admitted = previous.candidates.filter((g) => g.refusal === null);
  const busy = pending !== null;
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="previous-guardians">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={600} component="h3" m={0}>
            {title}
          </Text>
          <Button
            size="sm"
            variant="light"
            leftSection={<IconUsersPlus size={16} aria-hidden />}
            onClick={() => onAdd()}
            loading={pending === 'all'}
            disabled={disabled || admitted.length === 0 || (busy && pending !== 'all')}
          >
            {previousGuardiansMessages.addAll(previous.year)}
          </Button>
        </Group>
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {previous.candidates.map((g) => {
            const carnet = g.complemento ? `${g.carnet}-${g.complemento}` : g.carnet;
            const name = fullName(g);
            return (
              <Group key={g.personId} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm">{name}</Text>
                  <Text size="sm" c="dimmed">
                    CI {carnet} · {g.relationshipName}
                  </Text>
                  {g.refusal && (
                    <Text size="sm" c="orange.8">
                      {g.refusal}
                    </Text>
                  )}
                </Stack>
                {g.refusal === null && (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onAdd([g.personId])}
                    loading={pending === g.personId}
                    disabled={disabled || (busy && pending !== g.personId)}
                    aria-label={`${previousGuardiansMessages.addOne}: ${name}`}
                    style={{ flexShrink: 0 }}
                  >
                    {previousGuardiansMessages.addOne}
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
