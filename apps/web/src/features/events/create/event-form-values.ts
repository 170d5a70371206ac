import {
  type EventDetail,
  eventCreateFields,
  eventDays,
  type FileRule,
  fileProblem,
  messages,
} from '@bjp/domain';
import { formErrors } from '../../../ui/form-errors';

export type EventFormValues = {
  title: string;
  description: string;
  startsOn: string | null;
  endsOn: string | null;
  kindEventId: string | null;
  placeId: string | null;
  minimum: number | string;
  maximum: number | string;
  /** 'Sin Parametro': no cap on enrollments (with_limit_control off). */
  noLimit: boolean;
  detail: string;
  enrollmentFormId: string | null;
  banner: File | null;
  poster: File | null;
  regulation: File | null;
};

export const emptyEventForm: EventFormValues = {
  title: '',
  description: '',
  startsOn: null,
  endsOn: null,
  kindEventId: null,
  placeId: null,
  minimum: '',
  maximum: '',
  noLimit: false,
  detail: '',
  enrollmentFormId: null,
  banner: null,
  poster: null,
  regulation: null,
};

/** 'Editar': the form filled with the event as it is; no file chosen (the current ones stay). */
export function eventFormValuesOf(event: EventDetail): EventFormValues {
  return {
    ...emptyEventForm,
    title: event.title,
    description: event.description,
    startsOn: event.startsOn,
    endsOn: event.endsOn,
    kindEventId: String(event.kindEventId),
    placeId: String(event.placeId),
    minimum: event.minimum,
    maximum: event.maximum,
    noLimit: !event.withLimitControl,
    detail: event.detail,
    enrollmentFormId: String(event.enrollmentFormId),
  };
}

export const fileRules: Record<'banner' | 'poster' | 'regulation', FileRule> = {
  banner: 'image',
  poster: 'image',
  regulation: 'pdf',
};

/** The text fields exactly as the multipart request carries them. */
export function toFields(values: EventFormValues): Record<string, string> {
  return {
    title: values.title,
    description: values.description,
    startsOn: values.startsOn ?? '',
    endsOn: values.endsOn ?? '',
    placeId: values.placeId ?? '',
    kindEventId: values.kindEventId ?? '',
    enrollmentFormId: values.enrollmentFormId ?? '',
    minimum: String(values.minimum),
    maximum: String(values.maximum),
    withLimitControl: String(!values.noLimit),
    detail: values.detail,
  };
}

/**
 * The same schema the server applies, plus the file rules checked on the browser's side too. On an
 * edit (`editing`) the regulation is optional: the current one stays unless another is chosen.
 */
export function validateEventForm(values: EventFormValues, editing = false): Record<string, string> {
  const errors = formErrors(eventCreateFields.safeParse(toFields(values)), { rootKey: 'title' });
  for (const kind of ['banner', 'poster', 'regulation'] as const) {
    const file = values[kind];
    if (!file) {
      if (kind === 'regulation' && !editing) errors.regulation = messages.required;
      continue;
    }
    const problem = fileProblem(
      { size: file.size, contentType: file.type || null, name: file.name },
      fileRules[kind],
    );
    if (problem) errors[kind] = problem;
  }
  return errors;
}

export function toFormData(values: EventFormValues): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(toFields(values))) form.append(key, value);
  for (const kind of ['banner', 'poster', 'regulation'] as const) {
    const file = values[kind];
    if (file) form.append(kind, file, file.name);
  }
  return form;
}

export const daysLabel = (values: EventFormValues): string => {
  if (!values.startsOn || !values.endsOn) return '';
  const days = eventDays(values.startsOn, values.endsOn);
  return days === null ? '—' : String(days);
};
