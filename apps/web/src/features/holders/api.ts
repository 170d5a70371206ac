import {
  type AddGuardianRequest,
  holderMessages,
  type NewTitularRequest,
  type PersonData,
  type TitularModalResponse,
} from '@bjp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';
import { useSubmission } from '../../app/submission';
import type { TitularModalPolicy } from './titular-modal/policy';
import { reportTitularError } from './titular-modal/report-error';

export const holderKeys = {
  school: (sie: number) => ['holders', sie] as const,
  state: (sie: number) => ['holders', sie, 'state'] as const,
  students: (sie: number, course: number | null, page: number) =>
    ['holders', sie, 'students', course, page] as const,
  modal: (sie: number, inscriptionId: number) => ['holders', sie, 'modal', inscriptionId] as const,
  titulars: (sie: number, page: number) => ['holders', sie, 'titulars', page] as const,
  titularStudents: (sie: number, personId: number) => ['holders', sie, 'titular-students', personId] as const,
  relationships: (codeType: number) => ['holders', 'relationships', codeType] as const,
};

/** Holder registration: '/holders/…', its school's lists refreshed after each change. */
export const holdersPolicy: TitularModalPolicy = {
  path: '/holders/institutions/{sie}/inscriptions/{inscriptionId}',
  keys: { modal: holderKeys.modal, changed: holderKeys.school },
  confirmSave: holderMessages.confirmSave,
  confirmNoTitular: holderMessages.confirmNoTitular,
  reportError: (error, show) => reportTitularError(error, holderMessages.saveFailed, show),
  choosePrevious: (path) =>
    api.put('/holders/institutions/{sie}/inscriptions/{inscriptionId}/titular/previous', { path }),
  addPreviousGuardians: (path, personIds) =>
    api.post('/holders/institutions/{sie}/inscriptions/{inscriptionId}/guardians/previous', {
      path,
      body: personIds ? { personIds } : {},
    }),
  siblings: {
    list: (path) => api.get('/holders/institutions/{sie}/persons/{personId}/guardian-students', { path }),
    designate: (path, inscriptionIds) =>
      api.post('/holders/institutions/{sie}/persons/{personId}/titular-designations', {
        path,
        body: { inscriptionIds },
      }),
  },
};

export function useHoldersState(sie: number) {
  return useQuery({
    queryKey: holderKeys.state(sie),
    queryFn: ({ signal }) => api.get('/holders/institutions/{sie}', { path: { sie }, signal }),
  });
}

/** GET …/students?course&page — 10 a page, sorted on the server. */
export function useStudents(sie: number, course: number | null, page: number) {
  return useQuery({
    queryKey: holderKeys.students(sie, course, page),
    queryFn: ({ signal }) =>
      api.get('/holders/institutions/{sie}/students', { path: { sie }, query: { course, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRelationships(codeType: number) {
  return useQuery({
    queryKey: holderKeys.relationships(codeType),
    queryFn: ({ signal }) => api.get('/holders/relationships', { query: { codeType }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTitularModal(policy: TitularModalPolicy, sie: number, inscriptionId: number | null) {
  return useQuery({
    queryKey: policy.keys.modal(sie, inscriptionId ?? 0),
    queryFn: ({ signal }) =>
      api.get(`${policy.path}/titulars`, { path: { sie, inscriptionId: inscriptionId! }, signal }),
    enabled: inscriptionId !== null,
    staleTime: 0,
  });
}

export function fetchPending(sie: number, page: number) {
  return api.get('/holders/institutions/{sie}/pending', { path: { sie }, query: { page } });
}

export function useTitularList(sie: number, page: number) {
  return useQuery({
    queryKey: holderKeys.titulars(sie, page),
    queryFn: ({ signal }) =>
      api.get('/holders/institutions/{sie}/titulars', { path: { sie }, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTitularStudents(sie: number, personId: number | null) {
  return useQuery({
    queryKey: holderKeys.titularStudents(sie, personId ?? 0),
    queryFn: ({ signal }) =>
      api.get('/holders/institutions/{sie}/titulars/{personId}/students', {
        path: { sie, personId: personId! },
        signal,
      }),
    enabled: personId !== null,
  });
}

/**
 * Every change to a student's titulars answers the modal's new content: it replaces the cached modal
 * and refreshes the school's lists and counts (the original list did not refresh after a change).
 */
function useModalChange<V, R extends TitularModalResponse = TitularModalResponse>(
  policy: TitularModalPolicy,
  sie: number,
  inscriptionId: number,
  send: (v: V) => Promise<R>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (modal) => {
      client.setQueryData(policy.keys.modal(sie, inscriptionId), modal);
      return client.invalidateQueries({
        queryKey: policy.keys.changed(sie),
        predicate: (q) => q.queryKey[2] !== 'modal',
      });
    },
  });
}

export function useTitularChanges(policy: TitularModalPolicy, sie: number, inscriptionId: number) {
  const url = policy.path;
  const path = { sie, inscriptionId };
  const existing = useSubmission();
  const created = useSubmission();
  return {
    addExisting: useModalChange(policy, sie, inscriptionId, (v: AddGuardianRequest) =>
      existing.send(v, (idempotencyKey) => api.post(`${url}/guardians`, { path, body: v, idempotencyKey })),
    ),
    addNew: useModalChange(policy, sie, inscriptionId, (v: NewTitularRequest) =>
      created.send(v, (idempotencyKey) =>
        api.post(`${url}/guardians/new`, { path, body: v, idempotencyKey }),
      ),
    ),
    relationship: useModalChange(
      policy,
      sie,
      inscriptionId,
      (v: { guardianId: number; relationshipId: number }) =>
        api.patch(`${url}/guardians/{guardianId}`, {
          path: { ...path, guardianId: v.guardianId },
          body: { relationshipId: v.relationshipId },
        }),
    ),
    remove: useModalChange(policy, sie, inscriptionId, (guardianId: number) =>
      api.delete(`${url}/guardians/{guardianId}`, { path: { ...path, guardianId } }),
    ),
    save: useModalChange(policy, sie, inscriptionId, (guardianId: number | null) =>
      api.put(`${url}/titular`, { path, body: { guardianId } }),
    ),
    /** Last year's titular made this year's, where the area offers it (policy.choosePrevious). */
    previous: useModalChange(policy, sie, inscriptionId, () => {
      if (!policy.choosePrevious) throw new Error("This titular modal does not offer last year's titular");
      return policy.choosePrevious(path);
    }),
    /** Last year's guardians added to this year's list, where the area offers it (policy.addPreviousGuardians). */
    previousGuardians: useModalChange(policy, sie, inscriptionId, (personIds: number[] | undefined) => {
      if (!policy.addPreviousGuardians)
        throw new Error("This titular modal does not offer last year's guardians");
      return policy.addPreviousGuardians(path, personIds);
    }),
    /** 'Editar Datos' where the area allows it (policy.editPersonData): the person, through the student. */
    personData: useModalChange(policy, sie, inscriptionId, (v: { personId: number; data: PersonData }) => {
      if (!policy.editPersonData) throw new Error('This titular modal does not edit persons');
      return policy.editPersonData({ ...path, personId: v.personId }, v.data);
    }),
  };
}

export function searchPerson(carnet: string, complemento: string) {
  return api.post('/holders/persons/search', { body: { carnet, complemento } });
}

export function updatePerson(sie: number, personId: number, data: PersonData) {
  return api.put('/holders/institutions/{sie}/persons/{personId}', { path: { sie, personId }, body: data });
}

export function useConsolidate(sie: number) {
  const client = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: () =>
      submission.send(sie, (idempotencyKey) =>
        api.post('/holders/institutions/{sie}/consolidation', { path: { sie }, idempotencyKey }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: holderKeys.school(sie) }),
  });
}

export function useValidateTitular(sie: number) {
  const client = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (personId: number) =>
      submission.send(personId, (idempotencyKey) =>
        api.post('/holders/institutions/{sie}/titulars/{personId}/validation', {
          path: { sie, personId },
          idempotencyKey,
        }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: holderKeys.school(sie) }),
  });
}
