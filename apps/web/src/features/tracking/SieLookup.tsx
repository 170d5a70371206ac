import { trackingMessages } from '@bjp/domain';
import { Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { CodeFinder } from '../../ui/CodeFinder';
import { useTrackingInstitution } from './api';

/** SIE level: one school's tracking state ('Código SIE') in the gestión chosen (`year`, closed; undefined the open one). */
export function SieLookup({ year }: { year?: number }) {
  const [sie, setSie] = useState<number | null>(null);
  const query = useTrackingInstitution(sie, year);
  const row = query.data?.row;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack>
        <CodeFinder
          label="Código SIE"
          emptyMessage={trackingMessages.sieCodeRequired}
          onSearch={(v) => setSie(Number(v))}
          loading={query.isFetching}
          maxLength={10}
        />
        {query.isError && <Alert color="red">{errorMessage(query.error)}</Alert>}
        {row && (
          <Group justify="space-between" data-testid="sie-result">
            <Stack gap={0}>
              <Text fw={700}>
                {row.institutionId} — {row.name}
              </Text>
              <Text size="sm" c="dimmed">
                {row.districtName} · {query.data?.departmentName} · {row.subsystem} · Gestión:{' '}
                {query.data?.year}
              </Text>
            </Stack>
            <Badge size="lg" color={row.status === 'CONCLUIDO' ? 'green' : 'red'}>
              {row.status}
            </Badge>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
