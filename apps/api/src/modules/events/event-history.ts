import { type EventDetail, type EventFileKind, type EventHistory, eventMessages } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { getEventRow } from './event-service.js';
import { eventById } from './queries/events.js';
import {
  currentFilesOf,
  eventAudits,
  eventChoices,
  eventFileVersions,
  formNames,
  kindNames,
  placeNames,
} from './queries/history.js';

/** One event for the edit form: its row, the chosen ids, the detail and the current files' names. */
export async function getEventDetail(deps: AppDeps, id: number): Promise<EventDetail> {
  const row = await getEventRow(deps.db, id);
  const extra = await eventChoices(deps.db, id);
  const currentFiles = await currentFilesOf(deps.db, id);
  return { ...row, ...extra!, currentFiles: currentFiles as EventDetail['currentFiles'] };
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The fields of an edit that hold a code, and where their names are read. */
type CodeField = 'placeId' | 'kindEventId' | 'enrollmentFormId';
const codeFields: CodeField[] = ['placeId', 'kindEventId', 'enrollmentFormId'];

/**
 * The names of the codes an edit changed (place, kind of event, form), so the history shows
 * 'Coliseo → Salón Ñandú' instead of '3 → 7'. Three small reads, only of the codes that appear.
 */
async function codeNames(
  db: Executor,
  ids: Record<CodeField, number[]>,
): Promise<Record<CodeField, Map<number, string>>> {
  const named = async (list: number[], read: () => Promise<Array<{ id: number; name: string }>>) =>
    new Map(list.length ? (await read()).map((r) => [r.id, r.name] as const) : []);
  const [placeId, kindEventId, enrollmentFormId] = await Promise.all([
    named(ids.placeId, () => placeNames(db, ids.placeId)),
    named(ids.kindEventId, () => kindNames(db, ids.kindEventId)),
    named(ids.enrollmentFormId, () => formNames(db, ids.enrollmentFormId)),
  ]);
  return { placeId, kindEventId, enrollmentFormId };
}

/**
 * 'Historial': the audit rows of the event (registration, edits with the fields that changed,
 * sending, concluding, cancelling) oldest first, and every version of its files.
 */
export async function getEventHistory(deps: AppDeps, id: number): Promise<EventHistory> {
  const exists = await eventById(deps.db, id);
  if (!exists) throw new AppError('not_found', eventMessages.eventNotFound);
  const [audits, files] = await Promise.all([eventAudits(deps.db, id), eventFileVersions(deps.db, id)]);
  // Only an edit lists its fields: a registration's 'after' is the whole event.
  const edits = audits.map((a) => {
    const before = asRecord(a.before);
    const after = asRecord(a.after);
    return a.action === 'event.update'
      ? Object.keys(after).map((field) => ({ field, before: before[field] ?? null, after: after[field] }))
      : [];
  });
  const ids = { placeId: [], kindEventId: [], enrollmentFormId: [] } as Record<CodeField, number[]>;
  for (const f of edits.flat()) {
    if (!codeFields.includes(f.field as CodeField)) continue;
    for (const v of [f.before, f.after]) if (Number.isInteger(v)) ids[f.field as CodeField].push(v as number);
  }
  const names = await codeNames(deps.db, ids);
  const nameOf = (field: string, value: unknown) =>
    codeFields.includes(field as CodeField)
      ? (names[field as CodeField].get(value as number) ?? null)
      : undefined;
  return {
    changes: audits.map((a, i) => ({
      at: a.at.toISOString(),
      action: a.action,
      userName: a.userName,
      fields: edits[i]!.map((f) =>
        codeFields.includes(f.field as CodeField)
          ? { ...f, beforeName: nameOf(f.field, f.before), afterName: nameOf(f.field, f.after) }
          : f,
      ),
    })),
    files: files.map((f) => ({
      ...f,
      kind: f.kind as EventFileKind,
      createdAt: f.createdAt.toISOString(),
    })),
  };
}
