import { formatCount, formatDate, type InstitutionCard } from '@bjp/domain';
import { Alert, Badge, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../app/api';
import { useSessionUser } from '../../app/auth/session';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { DeclarationVersionsButton } from '../declarations';
import type { CourseSelection } from '../structure';
import { useHoldersState } from './api';
import { ConsolidateButton } from './ConsolidateButton';
import { DeclarationButton } from './DeclarationButton';
import { StudentTable } from './StudentTable';
import { TitularValidationList } from './TitularValidationList';

// The titular dialog (calendar, forms) is fetched after the list is drawn, not before (issue 14).
const TitularModal = lazy(() =>
  import('./titular-modal/TitularModal').then((m) => ({ default: m.TitularModal })),
);

/** The tab and the page of the course's students (the `page` the school browser resets). */
const panelParams = {
  // Each tab has its own page (`page`, `tpage`): changing tab keeps both.
  tab: urlParam.oneOf(['students', 'titulars'], 'students', { resetsPage: false }),
  page: urlParam.page(),
};

type Props = { card: InstitutionCard; selection: CourseSelection | null };

/** The right panel 'Estudiantes' (Gestion from settings): the lists and consolidation or the report. */
export function StudentsPanel({ card, selection }: Props) {
  const sie = card.sie;
  const state = useHoldersState(sie);
  // Only users who may consolidate see the button; outside the period it stays, disabled (part 2 §4).
  const mayConsolidate = useSessionUser()?.permissions.includes('holders.consolidate') ?? false;
  const [open, setOpen] = useState<number | null>(null);
  const course = selection?.kind === 'course' ? selection.courseId : null;
  // Another school or course starts the list again at page 1 (InstitutionBrowser resets `page`).
  const [{ tab, page }, set] = useUrlState(panelParams);
  const setPage = (next: number) => set({ page: next });

  if (state.isError) return <Alert color="red">{errorMessage(state.error)}</Alert>;
  const s = state.data;
  const consolidated = Boolean(s?.consolidatedAt);
  const closedReason =
    s && !s.registrationOpen ? 'El periodo de registro de titulares no está habilitado.' : undefined;

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={3}>Estudiantes</Title>
            <Text size="sm" c="dimmed">
              Gestión: {s?.year ?? '…'}
              {selection ? ` · ${selection.label}` : ''}
            </Text>
          </Stack>
          <Group gap="xs">
            {consolidated ? (
              <>
                <DeclarationButton sie={sie} />
                <DeclarationVersionsButton kind="holders" sie={sie} />
              </>
            ) : (
              s &&
              mayConsolidate && (
                <ConsolidateButton
                  sie={sie}
                  enabled={s.canConsolidate}
                  disabledReason={closedReason}
                  remaining={s.counts.pending}
                />
              )
            )}
          </Group>
        </Group>
        {s && (
          <Group gap="xs">
            <Badge color="gray" variant="light">
              Inscritos {formatCount(s.counts.total)}
            </Badge>
            <Badge color="green" variant="light">
              Registrados {formatCount(s.counts.registered)}
            </Badge>
            <Badge color="orange" variant="light">
              Pendientes {formatCount(s.counts.pending)}
            </Badge>
            {s.counts.excluded > 0 && (
              <Badge color="gray">No beneficiarios {formatCount(s.counts.excluded)}</Badge>
            )}
            {consolidated && <Badge color="teal">Consolidado el {formatDate(s.consolidatedAt)}</Badge>}
            {!s.registrationOpen && <Badge color="red">Periodo de registro cerrado</Badge>}
          </Group>
        )}
        <Tabs
          value={tab}
          onChange={(value) => set({ tab: value === 'titulars' ? 'titulars' : 'students' })}
          keepMounted={false}
        >
          <Tabs.List mb="sm">
            <Tabs.Tab value="students">Estudiantes</Tabs.Tab>
            <Tabs.Tab value="titulars">Titulares</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="students">
            {selection ? (
              <StudentTable
                sie={sie}
                course={course}
                page={page}
                onPageChange={setPage}
                onOpen={(st) => setOpen(st.inscriptionId)}
              />
            ) : (
              <Text c="dimmed" size="sm" py="md" ta="center">
                {card.codeType === 4
                  ? "Elija 'Estudiantes Habilitados' en la Lista."
                  : 'Elija un curso en la Lista.'}
              </Text>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="titulars">
            <TitularValidationList sie={sie} consolidated={consolidated} canEdit={s?.canEdit ?? false} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <Suspense fallback={null}>
        <TitularModal sie={sie} codeType={card.codeType} inscriptionId={open} onClose={() => setOpen(null)} />
      </Suspense>
    </Paper>
  );
}
