/** One problem a zod schema found (zod's issue, as far as a form needs it). */
export type FormIssue = {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly message: string;
  readonly code?: string;
};

/**
 * The forms' one way to validate: a domain schema's `safeParse` result as @mantine/form errors, each
 * field (the issue's first path element) with its first message; issues without a path go to
 * `rootKey`. `first` keeps only the schema's first problem, for forms that name one missing field at
 * a time in the specification's order (the holders' 'Datos Titular'); `message` rewords an issue.
 */
export function formErrors(
  checked: { readonly error?: { readonly issues: readonly FormIssue[] } },
  options: { first?: boolean; rootKey?: string; message?: (issue: FormIssue) => string | undefined } = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of checked.error?.issues ?? []) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : (options.rootKey ?? '');
    errors[key] ??= options.message?.(issue) || issue.message;
    if (options.first) break;
  }
  return errors;
}
