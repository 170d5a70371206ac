import { type BlockedStudentRow, blockingMessages } from '@bjp/domain';
import { Alert, Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import type { Column } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { QueryTable } from '../../ui/QueryTable';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { RudeFinder } from '../sereci';
import { useBlockAction, useBlockCandidate, useBlockedStudents } from './api';
import { CandidateCard } from './CandidateCard';
import { runBlock } from './run-block';

/** The list's page in the address (?page=). */
const listParams = { page: urlParam.page() };

/** /block/student 'Bloqueo/desbloqueo de estudiantes' (part 2 §2.10). */
export function BlockStudentsPage() {
  const [rude, setRude] = useState<string | null>(null);
  const [{ page }, setUrl] = useUrlState(listParams);
  const setPage = (next: number) => setUrl({ page: next });
  const candidate = useBlockCandidate(rude);
  const blocked = useBlockedStudents(page);
  const block = useBlockAction('block');
  const unblock = useBlockAction('unblock');
  const columns: Column<BlockedStudentRow>[] = [
    { key: 'id', header: 'ID', render: (r) => r.id, width: 70 },
    { key: 'rude', header: 'RUDE', render: (r) => r.rude },
    { key: 'student', header: 'Estudiante', render: (r) => r.student },
    { key: 'obs', header: 'Observación', render: (r) => <Text size="sm">{r.observation}</Text> },
    {
      key: 'action',
      header: '',
      render: (r) => (
        <Button
          size="xs"
          variant="light"
          color="green"
          leftSection={<IconLockOpen size={14} />}
          onClick={() => runBlock('unblock', r.rude, unblock)}
        >
          Desbloquear
        </Button>
      ),
    },
  ];
  return (
    <Stack>
      <PageHeader title="Bloqueo/desbloqueo de estudiantes" breadcrumbs={['Bloqueo Estudiantes']} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <Paper withBorder radius="md" p="md">
              <RudeFinder onSearch={setRude} loading={candidate.isFetching} />
            </Paper>
            {candidate.isError && (
              <Alert color="red">{errorMessage(candidate.error, blockingMessages.studentNotFound)}</Alert>
            )}
            {candidate.data && rude && (
              <CandidateCard
                candidate={candidate.data}
                actions={
                  candidate.data.block ? (
                    <Button
                      color="green"
                      leftSection={<IconLockOpen size={16} />}
                      loading={unblock.isPending}
                      onClick={() => runBlock('unblock', candidate.data.codigoRude, unblock)}
                    >
                      Desbloquear
                    </Button>
                  ) : (
                    <Button
                      color="red"
                      leftSection={<IconLock size={16} />}
                      disabled={candidate.data.removed}
                      loading={block.isPending}
                      onClick={() => runBlock('block', candidate.data.codigoRude, block)}
                    >
                      Bloqueo Beneficiario
                    </Button>
                  )
                }
              />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p="md">
            <Stack>
              <Title order={4}>Historial Baja Beneficiarios</Title>
              <Text fw={500}>Estudiantes con bloqueo temporal</Text>
              <QueryTable
                query={blocked}
                data-testid="blocked-list"
                columns={columns}
                page={page}
                onPageChange={setPage}
                emptyText={blockingMessages.emptyList}
              />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
