import { blockingMessages } from '@bjp/domain';
import { errorMessage } from '../../app/api';
import { confirmAction, showErrorDialog } from '../../ui/ConfirmDialog';
import { notifySuccess } from '../../ui/notify';
import type { useBlockAction } from './api';
import { askObservation } from './ask-observation';

type Mutation = ReturnType<typeof useBlockAction>;

/** Confirmation, then the observation, then the call; success and failure with the §8 texts. */
export async function runBlock(action: 'block' | 'unblock', rude: string, mutation: Mutation): Promise<void> {
  const block = action === 'block';
  if (
    !(await confirmAction({
      message: block ? blockingMessages.confirmBlock : blockingMessages.confirmUnblock,
    }))
  )
    return;
  const observation = await askObservation(block ? 'Observación del bloqueo' : 'Observación del desbloqueo');
  if (observation === null) return;
  mutation.mutate(
    { rude, observation },
    {
      onSuccess: (result) =>
        notifySuccess(
          result.message || (block ? blockingMessages.blockSucceeded : blockingMessages.unblockSucceeded),
        ),
      onError: (error) =>
        showErrorDialog(
          errorMessage(error, block ? blockingMessages.blockFailed : blockingMessages.unblockFailed),
        ),
    },
  );
}
