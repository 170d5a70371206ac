import { enrollmentFormCreate } from '@bjp/domain';
import { useEffect, useMemo, useReducer } from 'react';
import { type BuilderState, builderReducer, loadDraft, saveDraft } from './builder-state';

/** Field index → first message, for the board's marks and the properties panel. */
export type FieldProblems = Record<number, string>;

/**
 * The builder's state and its validation by the shared schema. A new form is kept as a draft under
 * 'settings' on every change; an edit starts from the saved form (`initial`) and keeps no draft, so
 * it never overwrites the draft of a new form being made.
 */
export function useBuilder(initial?: BuilderState) {
  const [state, dispatch] = useReducer(builderReducer, initial, (start) => start ?? loadDraft());
  useEffect(() => {
    if (!initial) saveDraft(state);
  }, [state, initial]);

  const request = useMemo(
    () => ({
      name: state.name,
      description: state.description,
      definition: { config: state.config, fields: state.fields },
    }),
    [state.name, state.description, state.config, state.fields],
  );
  const validation = useMemo(() => {
    const parsed = enrollmentFormCreate.safeParse(request);
    const fieldProblems: FieldProblems = {};
    let nameProblem: string | null = null;
    let firstProblem: string | null = null;
    for (const issue of parsed.error?.issues ?? []) {
      firstProblem ??= issue.message;
      if (issue.path[0] === 'name') nameProblem ??= issue.message;
      if (issue.path[0] === 'definition' && issue.path[1] === 'fields' && typeof issue.path[2] === 'number') {
        fieldProblems[issue.path[2]] ??= issue.message;
      }
    }
    return { valid: parsed.success, nameProblem, fieldProblems, firstProblem };
  }, [request]);

  return { state, dispatch, request, validation };
}

export type Builder = ReturnType<typeof useBuilder>;
