import { type InstitutionCard as Card, type InstitutionCourses, messages } from '@bjp/domain';
import { Alert, Grid, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { errorMessage } from '../../app/api';
import { CodeFinder } from '../../ui/CodeFinder';
import { notifyError } from '../../ui/notify';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { useInstitutionCard, useInstitutionCourses, useMyInstitutions } from './api';
import { CourseMenu, type CourseSelection, SPECIAL_SELECTION } from './CourseMenu';
import { InstitutionCard } from './InstitutionCard';

export type BrowserContext = { sie: number; card: Card; selection: CourseSelection | null };

type Props = {
  /** 'code': a SIE code finder (admin, department, district); 'mine': the director's dropdown. */
  mode: 'code' | 'mine';
  /** A line under the finder, e.g. the place the search is limited to. */
  finderNote?: ReactNode;
  /** The right panel, once a school is chosen. */
  children: (context: BrowserContext) => ReactNode;
};

/**
 * The school, the course and the page of the course's list live in the address
 * (?sie=&course=&page=; course 'all' for a special centre's 'Estudiantes Habilitados'). The
 * panels' school lists use these page keys — `page` for the course's students, `tpage` for the
 * holders' Titulares tab, `hpage` for the school's adjustment history — so another school or
 * course starts them again at page 1.
 */
export const institutionParams = {
  sie: urlParam.int(),
  course: urlParam.text({ history: 'push', max: 12 }),
  page: urlParam.page(),
  tpage: urlParam.page(),
  hpage: urlParam.page(),
};

/** The course the address names, found in the school's 'Lista' (null when it is not there). */
function selectionOf(course: string, courses: InstitutionCourses | undefined): CourseSelection | null {
  if (!course || !courses) return null;
  if (course === 'all') return courses.codeType === 4 ? SPECIAL_SELECTION : null;
  for (const level of courses.levels) {
    const found = level.courses.find((c) => String(c.courseId) === course);
    if (found) return { kind: 'course', courseId: found.courseId, label: found.label };
  }
  return null;
}

/**
 * The left column every institution screen shares (holders, adjustments, removals): choose a school
 * by SIE code or from the director's schools, see its card with 'Cambiar Institución' and pick a
 * course in the 'Lista' menu; the screen's own panel renders on the right.
 */
export function InstitutionBrowser({ mode, finderNote, children }: Props) {
  const [{ sie, course }, set] = useUrlState(institutionParams);
  const mine = useMyInstitutions(mode === 'mine');
  const card = useInstitutionCard(sie);
  const courses = useInstitutionCourses(card.data ? sie : null);
  const selection = selectionOf(course, courses.data);

  useEffect(() => {
    if (!card.isError) return;
    notifyError(errorMessage(card.error));
    set({ sie: null, course: '' }, { history: 'replace' });
  }, [card.isError, card.error, set]);

  const choose = (code: number | null) => set({ sie: code, course: '' });
  const select = (chosen: CourseSelection) =>
    set({ course: chosen.kind === 'all' ? 'all' : String(chosen.courseId) });

  const finder =
    mode === 'code' ? (
      <CodeFinder
        label="Código SIE"
        emptyMessage={messages.enterSie}
        onSearch={(code) => choose(Number(code))}
        loading={card.isFetching}
      />
    ) : (
      <Select
        label="Seleccione Institución"
        placeholder={mine.isPending ? 'Cargando…' : 'Seleccione Institución'}
        data={(mine.data?.items ?? []).map((i) => ({ value: String(i.sie), label: `${i.sie} - ${i.name}` }))}
        value={sie === null ? null : String(sie)}
        onChange={(value) => choose(value ? Number(value) : null)}
        nothingFoundMessage="Sin instituciones asignadas"
        searchable
        // Mantine keeps the closed list mounted (hidden) and places it with floating-ui when the
        // screen is first drawn, which forced the first style and layout of the whole page inside
        // React's commit (issue 14): the list is mounted and placed when it opens.
        comboboxProps={{ keepMounted: false }}
      />
    );

  return (
    <Grid gutter="md">
      <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
        <Stack gap="md">
          {!card.data && (
            <Paper withBorder radius="md" p="md">
              <Stack gap="xs">
                {finder}
                {finderNote && (
                  <Text size="xs" c="dimmed">
                    {finderNote}
                  </Text>
                )}
                {mode === 'mine' && mine.isError && <Alert color="red">{errorMessage(mine.error)}</Alert>}
              </Stack>
            </Paper>
          )}
          {card.isFetching && !card.data && <Loader size="sm" />}
          {card.data && <InstitutionCard card={card.data} onChange={() => choose(null)} />}
          {card.data && courses.data && (
            <CourseMenu courses={courses.data} selected={selection} onSelect={select} />
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, xl: 9 }}>
        {card.data && sie !== null ? (
          children({ sie, card: card.data, selection })
        ) : (
          <Paper withBorder radius="md" p="xl">
            <Text c="dimmed" ta="center">
              {mode === 'code'
                ? 'Busque una institución por su código SIE.'
                : 'Seleccione una de sus instituciones.'}
            </Text>
          </Paper>
        )}
      </Grid.Col>
    </Grid>
  );
}
