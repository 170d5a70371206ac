import { blockingMessages } from '@bjp/domain';
import { Alert, Button, Code, Collapse, Paper, Stack } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { PageHeader } from '../../ui/PageHeader';
import { RudeFinder } from '../sereci';
import { useBlockAction, useBlockCandidate } from './api';
import { CandidateCard } from './CandidateCard';
import { runBlock } from './run-block';

/**
 * /block/student-lock 'Bloqueo Estudiante pago BJP' (admin base): RUDE search, the student card,
 * 'Bloquear Estudiante' and the collapsible raw response. Unlike the original, the observation is
 * asked here too (decision 008, blocking).
 */
export function StudentLockPage() {
  const [rude, setRude] = useState<string | null>(null);
  const [showRaw, setShowRaw] = useState(false);
  const candidate = useBlockCandidate(rude);
  const block = useBlockAction('block');
  const raw = block.data ?? candidate.data;
  return (
    <Stack maw={760}>
      <PageHeader title="Bloqueo Estudiante pago BJP" breadcrumbs={['Bloqueo Estudiantes']} />
      {rude === null ? (
        <Paper withBorder radius="md" p="md">
          <RudeFinder onSearch={setRude} />
        </Paper>
      ) : (
        <Stack>
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => setRude(null)}
            w="fit-content"
          >
            Volver a buscar
          </Button>
          {candidate.isError && (
            <Alert color="red">{errorMessage(candidate.error, blockingMessages.studentNotFound)}</Alert>
          )}
          {candidate.data && (
            <CandidateCard
              candidate={candidate.data}
              actions={
                <Button
                  color="red"
                  leftSection={<IconLock size={16} />}
                  disabled={candidate.data.block !== null || candidate.data.removed}
                  loading={block.isPending}
                  onClick={() => runBlock('block', candidate.data.codigoRude, block)}
                >
                  Bloquear Estudiante
                </Button>
              }
            />
          )}
          {raw && (
            <Paper withBorder radius="md" p="sm">
              <Button variant="light" size="xs" onClick={() => setShowRaw((v) => !v)}>
                {showRaw ? 'Ocultar respuesta' : 'Ver respuesta'}
              </Button>
              <Collapse in={showRaw}>
                <Code block mt="sm">
                  {JSON.stringify(raw, null, 2)}
                </Code>
              </Collapse>
            </Paper>
          )}
        </Stack>
      )}
    </Stack>
  );
}
