import { describe, expect, it } from 'vitest';
import { type FormIssue, formErrors } from './form-errors';

const failed = (...issues: FormIssue[]) => ({ error: { issues } });
const issue = (key: string | null, message: string): FormIssue => ({ path: key ? [key] : [], message });

describe('formErrors', () => {
  it("gives each field its first message, in the schema's order", () => {
    expect(formErrors(failed(issue('a', 'A'), issue('b', 'B'), issue('a', 'A2')))).toEqual({
      a: 'A',
      b: 'B',
    });
    expect(formErrors({})).toEqual({});
  });
  it('keeps only the first problem when asked, and rewords as asked', () => {
    expect(formErrors(failed(issue('b', 'B'), issue('c', 'C')), { first: true })).toEqual({ b: 'B' });
    expect(formErrors(failed(issue('a', 'A')), { message: () => 'Requerido' })).toEqual({ a: 'Requerido' });
    expect(formErrors(failed(issue('a', '')), { message: () => undefined })).toEqual({ a: '' });
  });
  it('puts a problem without a path on the root key', () => {
    expect(formErrors(failed(issue(null, 'Todo')), { rootKey: 'title' })).toEqual({ title: 'Todo' });
  });
});
