import { userTypes } from '@bjp/domain';

/** '1' Ministerio de Educación, '2' SIE: the login's type selector. */
export const userTypeOptions = userTypes.map((t) => ({ value: String(t.id), label: t.name }));
