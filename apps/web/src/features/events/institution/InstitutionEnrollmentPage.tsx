import { eventMessages, formatDate, messages, SEARCH_MAX_LENGTH } from '@bjp/domain';
import { Alert, Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../app/api';
import { useSessionUser } from '../../../app/auth/session';
import { confirmAction } from '../../../ui/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { urlParam } from '../../../ui/url-state';
import { useUrlState } from '../../../ui/use-url-state';
import {
  type EnrollmentTarget,
  useEnrollmentStatus,
  useGrades,
  usePlaces,
  useSaveParticipants,
  useStages,
} from '../institution-api';
import { StudentsTable } from './StudentsTable';

/** The stage, the school and the students' filters and page in the address (StudentsTable's keys too). */
export const enrollmentParams = {
  stage: urlParam.int(),
  sie: urlParam.int(),
  grade: urlParam.int({ min: 0 }),
  q: urlParam.text({ max: SEARCH_MAX_LENGTH }),
  page: urlParam.page(),
};

/** The institution enrollment page: SIE users mark their schools' students as participants of a stage. */
export function InstitutionEnrollmentPage() {
  const user = useSessionUser();
  const validProfile = user?.type === 2;
  const [url, set] = useUrlState(enrollmentParams);
  const stageId = url.stage === null ? null : String(url.stage);
  const sie = url.sie === null ? null : String(url.sie);
  // Another stage or school starts the students' list from scratch (grade, search, page 1).
  const setStageId = (value: string | null) => set({ stage: value ? Number(value) : null });
  const setSie = (value: string | null) => set({ sie: value ? Number(value) : null, grade: null, q: '' });
  const [placeSearch, setPlaceSearch] = useState('');
  // The chosen school, kept apart from the search results: Mantine writes the chosen option's label
  // into the search box, and sending that label as a search found nothing ('Sin resultados' on
  // opening the list with a school chosen). That text is not a search: the list shows the user's
  // schools, the chosen one among them.
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const typed = chosen && placeSearch === chosen.label ? '' : placeSearch.trim();
  const [debouncedSearch] = useDebouncedValue(typed, 350);
  const stages = useStages(validProfile);
  const places = usePlaces(
    /^\d+$/.test(debouncedSearch) || debouncedSearch.length > 2 ? debouncedSearch : '',
    validProfile,
  );
  const grades = useGrades(validProfile);
  const target: EnrollmentTarget | null =
    stageId && sie ? { stageId: Number(stageId), sie: Number(sie) } : null;
  const status = useEnrollmentStatus(target);
  const save = useSaveParticipants('save');
  const close = useSaveParticipants('close');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const loadFailed = stages.isError || places.isError || status.isError;

  useEffect(() => {
    if (user && !validProfile) notifyError(eventMessages.invalidProfile);
  }, [user, validProfile]);
  useEffect(() => {
    if (loadFailed) notifyError(messages.serverFailure);
  }, [loadFailed]);
  useEffect(() => {
    if (!stageId && stages.data?.[0]) set({ stage: stages.data[0].id }, { history: 'replace' });
  }, [stageId, stages.data, set]);
  useEffect(() => {
    if (!sie && places.data?.items[0]) set({ sie: places.data.items[0].id }, { history: 'replace' });
  }, [sie, places.data, set]);
  // The marks start from what the server has saved for this stage and school.
  useEffect(() => setSelected(new Set(status.data?.participantIds ?? [])), [status.data]);

  const placeOptions = useMemo(() => {
    const found = (places.data?.items ?? []).map((p) => ({
      value: String(p.id),
      label: `${p.id} - ${p.name}`,
    }));
    return chosen && !found.some((o) => o.value === chosen.value) ? [chosen, ...found] : found;
  }, [places.data, chosen]);
  useEffect(() => {
    const option = placeOptions.find((o) => o.value === String(sie));
    if (option && option.value !== chosen?.value) setChosen(option);
  }, [placeOptions, sie, chosen]);
  const closed = status.data?.closed ?? false;
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const onSave = () =>
    target &&
    save.mutate(
      { target, ids: [...selected] },
      {
        onSuccess: () => notifySuccess(eventMessages.recordsSaved),
        onError: (e) => notifyError(errorMessage(e)),
      },
    );
  const onEnroll = async () => {
    if (!target) return;
    const message = `Se inscribirán ${selected.size} estudiantes y la inscripción quedará cerrada.`;
    if (!(await confirmAction({ message }))) return;
    close.mutate(
      { target, ids: [...selected] },
      {
        onSuccess: () => notifySuccess(eventMessages.institutionEnrolled),
        onError: (e) => notifyError(errorMessage(e), eventMessages.institutionEnrollFailed),
      },
    );
  };

  if (!validProfile) {
    return (
      <Stack>
        <PageHeader title="Inscripción Institución" breadcrumbs={['Eventos', 'Inscripción Institución']} />
        <Alert color="red">{eventMessages.invalidProfile}</Alert>
      </Stack>
    );
  }
  return (
    <Stack>
      <PageHeader title="Inscripción Institución" breadcrumbs={['Eventos', 'Inscripción Institución']} />
      {loadFailed && <Alert color="red">{messages.serverFailure}</Alert>}
      <Paper withBorder radius="md" p="md">
        <Stack>
          <Group align="flex-end">
            <Select
              label="Etapa"
              w={320}
              data={(stages.data ?? []).map((s) => ({
                value: String(s.id),
                label: `${s.phase} (${formatDate(s.startsOn)} a ${formatDate(s.endsOn)})`,
              }))}
              value={stageId}
              comboboxProps={{ keepMounted: false }}
              onChange={(value) => setStageId(value)}
              nothingFoundMessage="No hay etapas abiertas"
            />
            <Select
              label="Unidad educativa"
              w={380}
              searchable
              data={placeOptions}
              value={sie}
              searchValue={placeSearch}
              onSearchChange={setPlaceSearch}
              comboboxProps={{ keepMounted: false }}
              onChange={(value) => setSie(value)}
              nothingFoundMessage="Sin resultados"
            />
            {closed && (
              <Badge size="lg" color="red" leftSection={<IconLock size={14} />}>
                {eventMessages.enrollmentClosed}
              </Badge>
            )}
          </Group>
          {stages.data && stages.data.length === 0 && (
            <Alert color="yellow">No hay etapas abiertas para su perfil.</Alert>
          )}
          {target && (
            <>
              <StudentsTable
                sie={target.sie}
                grades={grades.data ?? []}
                selected={selected}
                locked={closed}
                onToggle={toggle}
              />
              <Group justify="space-between">
                <Text size="sm">Seleccionados: {selected.size}</Text>
                <Group>
                  <Button variant="default" onClick={onSave} disabled={closed} loading={save.isPending}>
                    Guardar
                  </Button>
                  <Button onClick={onEnroll} disabled={closed} loading={close.isPending}>
                    Inscribir
                  </Button>
                </Group>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
