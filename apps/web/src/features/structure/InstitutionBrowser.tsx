import { type InstitutionCard as Card, messages } from '@bjp/domain';
import { Alert, Grid, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { errorMessage } from '../../app/api';
import { CodeFinder } from '../../ui/CodeFinder';
import { notifyError } from '../../ui/notify';
import { useInstitutionCard, useInstitutionCourses, useMyInstitutions } from './api';
import { CourseMenu, type CourseSelection } from './CourseMenu';
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
 * The left column every institution screen shares (holders, adjustments, removals): choose a school
 * by SIE code or from the director's schools, see its card with 'Cambiar Institución' and pick a
 * course in the 'Lista' menu; the screen's own panel renders on the right.
 */
export function InstitutionBrowser({ mode, finderNote, children }: Props) {
  const [sie, setSie] = useState<number | null>(null);
  const [selection, setSelection] = useState<CourseSelection | null>(null);
  const mine = useMyInstitutions(mode === 'mine');
  const card = useInstitutionCard(sie);
  const courses = useInstitutionCourses(card.data ? sie : null);

  useEffect(() => {
    if (!card.isError) return;
    notifyError(errorMessage(card.error));
    setSie(null);
  }, [card.isError, card.error]);

  const choose = (code: number | null) => {
    setSelection(null);
    setSie(code);
  };

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
            <CourseMenu courses={courses.data} selected={selection} onSelect={setSelection} />
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
