import {
  birthDateError,
  eventMessages,
  eventStates,
  type FieldDefinition,
  type FieldValue,
  isPublishedState,
  type PublicEnrollmentRequest,
  type PublicEnrollmentResult,
  type PublicEvent,
  storedFormDefinition,
  validateFieldValues,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import { AppError } from '../../lib/errors.js';
import { fileStoreFor } from '../../lib/file-store.js';
import { insertEnrollment } from './enroll-statement.js';
import { eventFieldsCache } from './fields-cache.js';
import type { UploadedFile } from './multipart.js';
import { publicFields } from './public-fields.js';
import { enrollableEventRow, publicEventRow } from './queries/public.js';
import { type CheckedFile, checkUpload, isFieldError, withStoredFiles } from './uploads.js';
import { type FieldError, fieldErrors } from './validation.js';

async function loadEvent(deps: AppDeps, id: number) {
  const row = await publicEventRow(deps.db, id);
  // A created event is not published yet, a cancelled one no more: the public does not learn of it.
  if (!row || !isPublishedState(row.state)) throw new AppError('not_found', eventMessages.eventNotFound);
  return { ...row, fields: storedFormDefinition.parse(row.definition).fields };
}

/** The event an enrollment is for: 404 unless published. */
async function loadEnrollable(deps: AppDeps, id: number) {
  const row = await enrollableEventRow(deps.db, id);
  if (!row || !isPublishedState(row.state)) throw new AppError('not_found', eventMessages.eventNotFound);
  return { ...row, fields: storedFormDefinition.parse(row.definition).fields };
}

/**
 * The event's dynamic fields, from the cache or from one read that also refuses an event that is not
 * published (404) or not taking enrollments (409). On a cache hit those checks are left to the
 * enrollment statement itself, which makes them again anyway.
 */
async function enrollableFields(deps: AppDeps, eventId: number, today: string): Promise<FieldDefinition[]> {
  const cache = eventFieldsCache(deps.db);
  const cached = cache.get(eventId);
  if (cached) return cached;
  const event = await loadEnrollable(deps, eventId);
  if (!acceptsEnrollments(event, today)) throw new AppError('conflict', eventMessages.enrollmentNotOpen);
  cache.set(eventId, event.fields);
  return event.fields;
}

const acceptsEnrollments = (event: { state: number; endsOn: string }, today: string) =>
  event.state === eventStates.active && today <= event.endsOn;

/** The public page's view of an event: its texts, files, dynamic fields and whether it accepts enrollments. */
export async function getPublicEvent(deps: AppDeps, id: number): Promise<PublicEvent> {
  const event = await loadEvent(deps, id);
  const fileUrl = (kind: string) =>
    event.files.includes(kind) ? `/api/v1/events/${id}/files/${kind}` : null;
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    detail: event.detail,
    startsOn: event.startsOn,
    endsOn: event.endsOn,
    duration: event.duration,
    placeName: event.placeName,
    open: acceptsEnrollments(event, deps.clock.today()) && !event.full,
    full: event.full,
    files: { banner: fileUrl('banner'), poster: fileUrl('poster'), regulation: fileUrl('regulation') },
    fields: publicFields(event.fields, deps.config.OPTION_SOURCE_HOSTS),
  };
}

type ExtraResult = {
  extra: Record<string, FieldValue | Array<{ id: string; name: string }>>;
  files: CheckedFile[];
};

/** Checks the dynamic values against the event's form (each field's 'Obligatorio' as the builder set it) and the uploads against their fields. */
function checkDynamicValues(
  fields: FieldDefinition[],
  raw: Record<string, unknown>,
  uploads: UploadedFile[],
): ExtraResult {
  const values: Record<string, FieldValue> = {};
  const problems: FieldError[] = [];
  const files: CheckedFile[] = [];
  for (const field of fields) {
    if (field.kind !== 'upload') {
      values[field.name] = (raw[field.name] ?? null) as FieldValue;
      continue;
    }
    const mine = uploads.filter((u) => u.field === field.name);
    values[field.name] = mine.map((u) => u.filename);
    for (const upload of mine) {
      const checked = checkUpload(
        upload,
        field.upload.accept === 'image' ? 'image' : 'imageOrPdf',
        'enrollments',
      );
      if (isFieldError(checked)) problems.push({ field: `extra.${field.name}`, message: checked.message });
      else files.push(checked);
    }
  }
  for (const upload of uploads) {
    if (!fields.some((f) => f.kind === 'upload' && f.name === upload.field)) {
      problems.push({ field: upload.field, message: 'Archivo no esperado.' });
    }
  }
  const errors = validateFieldValues(fields, values);
  for (const [name, message] of Object.entries(errors)) problems.unshift({ field: `extra.${name}`, message });
  if (problems.length > 0) throw fieldErrors(problems);
  const extra: ExtraResult['extra'] = { ...values };
  for (const field of fields) {
    if (field.kind === 'upload') {
      extra[field.name] = files
        .filter((f) => f.field === field.name)
        .map((f) => ({ id: f.storageKey, name: f.originalName }));
    }
  }
  return { extra, files };
}

/**
 * A public enrollment: the rules checked here (event open, §5 data, the form's dynamic fields and
 * uploads), then one statement that raises the counter under the maximum and inserts the rows (see
 * insertEnrollment). The maximum is exact whatever the concurrency; the check constraint backs it up.
 */
export async function enroll(
  deps: AppDeps,
  eventId: number,
  input: PublicEnrollmentRequest,
  uploads: UploadedFile[],
  ip: string,
): Promise<PublicEnrollmentResult> {
  const today = deps.clock.today();
  const fields = await enrollableFields(deps, eventId, today);
  // The browser applies the same rule with Bolivia's today (participantFieldError).
  const birthDate = birthDateError(input.birthDate, today);
  if (birthDate) throw fieldErrors([{ field: 'birthDate', message: birthDate }]);
  const { extra, files } = checkDynamicValues(fields, input.extra, uploads);
  const { extra: _raw, ...participant } = input;
  const id = await withStoredFiles(fileStoreFor(deps), files, () =>
    insertEnrollment(deps.db, { eventId, participant, extra, files, ip, today }),
  );
  return { id, eventId };
}
