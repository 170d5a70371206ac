import { type EventDetail, eventMessages } from '@bjp/domain';
import { useForm } from '@mantine/form';
import { confirmAction } from '../../../ui/ConfirmDialog';
import { notifySuccess } from '../../../ui/notify';
import { serverFieldErrors } from '../../../ui/SubmitError';
import { useCreateEvent, useUpdateEvent } from '../api';
import {
  type EventFormValues,
  emptyEventForm,
  eventFormValuesOf,
  toFormData,
  validateEventForm,
} from './event-form-values';

/**
 * The event form's state and its submission: a new event ('Registrar') or, given `event`, an edit
 * ('Guardar cambios'), each after its confirmation; the server's field messages go to their fields,
 * its refusal is `failure` (shown above the buttons).
 */
export function useEventForm(event: EventDetail | undefined, onDone: () => void) {
  const create = useCreateEvent();
  const update = useUpdateEvent(event?.id ?? 0);
  const editing = event !== undefined;
  const form = useForm<EventFormValues>({
    initialValues: event ? eventFormValuesOf(event) : emptyEventForm,
    validate: (v) => validateEventForm(v, editing),
    validateInputOnBlur: true,
    // A file is checked as soon as it is chosen (type and 1024 KB), like the original.
    validateInputOnChange: ['banner', 'poster', 'regulation', 'startsOn', 'endsOn', 'minimum', 'maximum'],
  });
  const onError = (error: unknown) => form.setErrors(serverFieldErrors(error));

  const submit = form.onSubmit(async (submitted) => {
    if (event) {
      const message = `Se guardarán los cambios del evento "${submitted.title}".`;
      if (!(await confirmAction({ message }))) return;
      update.mutate(toFormData(submitted), {
        onSuccess: () => {
          notifySuccess(eventMessages.updateSuccess);
          onDone();
        },
        onError,
      });
      return;
    }
    if (!(await confirmAction({ message: `Se registrará el evento "${submitted.title}".` }))) return;
    create.mutate(toFormData(submitted), {
      onSuccess: () => {
        notifySuccess(eventMessages.registerSuccess, eventMessages.registerSuccessTitle);
        form.reset();
        onDone();
      },
      onError,
    });
  });

  return {
    form,
    submit,
    editing,
    saving: create.isPending || update.isPending,
    failure: editing ? update.error : create.error,
  };
}
