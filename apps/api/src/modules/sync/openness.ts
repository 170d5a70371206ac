import {
  fillMessage,
  type OpennessCheck,
  type SyncBatch,
  type SyncStatus,
  stepAvailability,
  syncMessages,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import { SintesisError } from '../../integrations/sintesis/client.js';
import { batchName, batchOfDay } from './batch.js';

const open: OpennessCheck = { open: true, reason: null };
const closed = (reason: string): OpennessCheck => ({ open: false, reason });

export function sintesisMessage(error: unknown): string {
  const detail = error instanceof SintesisError ? error.message : 'Síntesis no responde.';
  return fillMessage(syncMessages.sintesisUnavailable, { message: detail });
}

/**
 * The three openness checks of part 2 §4, in their order, for today's record. Changes are open
 * until today's batch is consolidated; the change sync is open once it is and while it is not sent
 * and Síntesis receives changes; the copy is open once the batch is sent, while the copy is not
 * taken and Síntesis has it ready. Síntesis is asked only when its answer matters; when it cannot
 * be reached its two areas are closed with its message.
 */
export async function opennessChecks(deps: AppDeps, batch: SyncBatch | null) {
  const changes = batch ? closed(syncMessages.changesClosed) : open;
  let changeSync: OpennessCheck;
  let copy: OpennessCheck;
  if (!batch) {
    changeSync = closed(syncMessages.changesNotConsolidated);
    copy = closed(syncMessages.changesNotSent);
  } else if (batch.isSendCopy) {
    changeSync = closed(syncMessages.changeSyncDone);
    copy = closed(syncMessages.copyDone);
  } else {
    try {
      const state = await deps.integrations.sintesis.state(batchName(batch.id));
      if (batch.isSendChange) {
        changeSync = closed(syncMessages.changeSyncDone);
        copy = state.copiaDisponible ? open : closed(syncMessages.copyClosed);
      } else {
        changeSync = state.recepcionCambios ? open : closed(syncMessages.changeSyncClosed);
        copy = closed(syncMessages.changesNotSent);
      }
    } catch (error) {
      const message = sintesisMessage(error);
      changeSync = batch.isSendChange ? closed(syncMessages.changeSyncDone) : closed(message);
      copy = batch.isSendChange ? closed(message) : closed(syncMessages.changesNotSent);
    }
  }
  return { changes, changeSync, copy };
}

export async function syncStatus(deps: AppDeps): Promise<SyncStatus> {
  const today = deps.clock.today();
  const batch = await batchOfDay(deps.db, today);
  const checks = await opennessChecks(deps, batch);
  return { today, batch, checks, steps: stepAvailability(checks, batch) };
}
