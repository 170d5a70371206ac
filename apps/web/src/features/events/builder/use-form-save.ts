import { type EnrollmentFormDetail, eventMessages } from '@bjp/domain';
import { useState } from 'react';
import { notifySuccess } from '../../../ui/notify';
import { useSaveForm, useUpdateForm } from '../forms-api';
import { clearDraft } from './builder-state';
import type { useBuilder } from './use-builder';

type Builder = ReturnType<typeof useBuilder>;

/**
 * The builder's 'Registrar' (a new form) or 'Guardar' (a new version of `editing`): refuses a form
 * the shared schema refuses — selecting the first field with a problem — and otherwise saves it.
 * `refusal` is what to show beside the button: the schema's first problem, or the server's answer.
 */
export function useFormSave(
  builder: Builder,
  editing: EnrollmentFormDetail | undefined,
  onSaved?: () => void,
) {
  const { state, dispatch, request, validation } = builder;
  const create = useSaveForm();
  const update = useUpdateForm(editing?.id ?? 0);
  const [nameTouched, setNameTouched] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);

  const save = () => {
    setNameTouched(true);
    if (!validation.valid) {
      const index = Number(Object.keys(validation.fieldProblems)[0]);
      if (!validation.nameProblem && Number.isInteger(index))
        dispatch({ type: 'select', id: state.fields[index]?.id ?? null });
      setInvalid(validation.nameProblem ?? validation.firstProblem ?? eventMessages.registerFailed);
      return;
    }
    setInvalid(null);
    if (editing) {
      update.mutate(
        { ...request, expectedVersion: editing.version },
        {
          onSuccess: (saved) => {
            notifySuccess(eventMessages.formVersionSaved(saved.version), eventMessages.registerSuccessTitle);
            onSaved?.();
          },
        },
      );
      return;
    }
    create.mutate(request, {
      onSuccess: () => {
        clearDraft();
        dispatch({ type: 'reset' });
        setNameTouched(false);
        notifySuccess(eventMessages.formSaved, eventMessages.registerSuccessTitle);
        onSaved?.();
      },
    });
  };

  const failed = editing ? update.error : create.error;
  return {
    save,
    saving: create.isPending || update.isPending,
    nameTouched,
    touchName: () => setNameTouched(true),
    /** The schema's refusal (a message) or the server's (an error); null when the last try was fine. */
    refusal: invalid ?? failed ?? null,
    refusalText: invalid,
  };
}
