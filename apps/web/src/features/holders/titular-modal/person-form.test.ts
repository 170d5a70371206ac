import { holderMessages, newTitularRequest } from '@bjp/domain';
import { describe, expect, it } from 'vitest';
import { formErrors } from '../../../ui/form-errors';
import { emptyDraft, type PersonDraft, personDataOf, requestOf } from './PersonForm';

const firstProblem = (d: PersonDraft) =>
  formErrors(newTitularRequest.safeParse(requestOf(d)), { first: true });

describe("'Datos Titular' validated by the domain's schema", () => {
  it('names the missing fields one at a time, in the order of part 2 §5, then a surname', () => {
    let draft = emptyDraft('4123456', '');
    const filled: Array<[keyof PersonDraft, string]> = [
      ['foreign', 'false'],
      ['relationshipId', '2'],
      ['gender', '2'],
      ['birthDate', '1980-05-01'],
      ['name', 'ANA'],
      ['materno', 'QUISPE'],
    ];
    const order = ['foreign', 'relationshipId', 'gender', 'birthDate', 'name', 'paterno'];
    for (const [i, [key, value]] of filled.entries()) {
      expect(firstProblem(draft)).toEqual({ [order[i]!]: holderMessages.fillAll });
      draft = { ...draft, [key]: value };
    }
    expect(firstProblem(draft)).toEqual({});
    expect(personDataOf(draft)).toEqual({
      foreign: false,
      gender: 2,
      birthDate: '1980-05-01',
      name: 'ANA',
      paterno: '',
      materno: 'QUISPE',
    });
  });

  it('says what is wrong with a typed name, as the server would', () => {
    const draft = { ...emptyDraft('4123456'), foreign: 'false', relationshipId: '1', gender: '1' };
    const problem = firstProblem({ ...draft, birthDate: '1980-05-01', name: 'ANA 2', paterno: 'ROJAS' });
    expect(problem).toEqual({ name: 'El campo solo soporta caracteres y espacios.' });
  });
});
