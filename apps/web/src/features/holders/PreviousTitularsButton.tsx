import { previousTitularsMessages as m, type PreviousTitularsResult } from '@bjp/domain';
import { Alert, Button, Group, Loader, Modal } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { useSessionUser } from '../../app/auth/session';
import { useHoldersState } from './api';
import { PreviousTitularsReview } from './PreviousTitularsReview';
import { useDesignatePreviousTitulars, usePreviousTitularsReview } from './previous-titulars-api';

/**
 * 'Titulares de la gestión anterior' (issue 37 §1, decision 062): opens the review of the school's
 * returning students and designates them all with one confirmation. Shown to those who may change
 * titulars while the list is open (the school's state is the panel's, read from the same cache).
 */
export function PreviousTitularsButton({ sie }: { sie: number }) {
  const mayEdit = useSessionUser()?.permissions.includes('holders.edit') ?? false;
  const state = useHoldersState(sie);
  const [opened, setOpened] = useState(false);
  const [result, setResult] = useState<PreviousTitularsResult | null>(null);
  const review = usePreviousTitularsReview(sie, opened);
  const designate = useDesignatePreviousTitulars(sie);
  const s = state.data;
  if (!mayEdit || !s || s.consolidatedAt || !s.registrationOpen) return null;

  // mutateAsync, not mutate's callbacks: those do not run once the observer re-subscribes while
  // the school's queries are read again after the batch, and the answer must still be shown.
  const send = async (ids: number[]) => {
    try {
      setResult(await designate.mutateAsync(ids));
    } catch {
      // Shown inside the dialog by `error` (designate.error), next to the button.
    }
  };
  const close = () => {
    setOpened(false);
    setResult(null);
    designate.reset();
  };
  return (
    <>
      <Group justify="flex-end">
        <Button variant="light" leftSection={<IconHistory size={16} />} onClick={() => setOpened(true)}>
          {m.open}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={close}
        title={review.data ? m.title(review.data.year) : m.open}
        size="xl"
        centered
      >
        {review.isError ? (
          <Alert color="red">{errorMessage(review.error, m.failed)}</Alert>
        ) : !review.data ? (
          <Group justify="center">
            <Loader size="sm" />
          </Group>
        ) : (
          <PreviousTitularsReview
            review={review.data}
            result={result}
            pending={designate.isPending}
            error={designate.error}
            onDesignate={send}
            onClose={close}
          />
        )}
      </Modal>
    </>
  );
}
