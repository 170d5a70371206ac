import { type BlockCandidate, formatDate } from '@bjp/domain';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The student found by RUDE, with the titular who collects and the block state. */
export function CandidateCard({ candidate, actions }: { candidate: BlockCandidate; actions: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="block-candidate">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>{[candidate.paterno, candidate.materno, candidate.name].join(' ')}</Title>
          {candidate.removed ? (
            <Badge color="gray">Baja</Badge>
          ) : candidate.block ? (
            <Badge color="red">Bloqueado</Badge>
          ) : (
            <Badge color="green">Habilitado</Badge>
          )}
        </Group>
        <Text size="sm">Código RUDE: {candidate.codigoRude}</Text>
        <Text size="sm">Fecha de nacimiento: {formatDate(candidate.fechaNacimiento)}</Text>
        <Text size="sm">
          Unidad Educativa: {candidate.institutionId} - {candidate.institutionName}
        </Text>
        <Text size="sm">
          Titular: {candidate.titular ? `${candidate.titular} (CI ${candidate.ci})` : 'Sin titular'}
        </Text>
        {candidate.block && <Text size="sm">Observación del bloqueo: {candidate.block.observation}</Text>}
        <Group justify="flex-end">{actions}</Group>
      </Stack>
    </Paper>
  );
}
