import { courseInLevelLabel, formatCount, type InstitutionCourses } from '@bjp/domain';
import { Accordion, Button, NavLink, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconSchool, IconUsers } from '@tabler/icons-react';

/** What the 'Lista' menu selects: one course, or every student of a special centre. */
export type CourseSelection =
  | { kind: 'course'; courseId: number; label: string }
  | { kind: 'all'; label: string };

type Props = {
  courses: InstitutionCourses;
  selected: CourseSelection | null;
  onSelect: (selection: CourseSelection) => void;
};

export const SPECIAL_SELECTION: CourseSelection = { kind: 'all', label: 'Estudiantes Habilitados' };

/**
 * The 'Lista' menu: a regular school's levels, each expanding to its courses ('Tercero - B' under
 * 'Primaria'); the course chosen is named with its level ('Primaria · Tercero - B') everywhere else;
 * a special-education centre (code_type 4) has one 'Estudiantes Habilitados' button instead.
 */
export function CourseMenu({ courses, selected, onSelect }: Props) {
  const isSelected = (courseId: number) => selected?.kind === 'course' && selected.courseId === courseId;
  return (
    <Paper withBorder radius="md" p="md" data-testid="course-menu">
      <Text fw={600} mb="xs">
        Lista
      </Text>
      {courses.codeType === 4 ? (
        <Button
          fullWidth
          variant={selected?.kind === 'all' ? 'filled' : 'light'}
          leftSection={<IconUsers size={16} />}
          onClick={() => onSelect(SPECIAL_SELECTION)}
        >
          Estudiantes Habilitados
        </Button>
      ) : courses.levels.length === 0 ? (
        <Text size="sm" c="dimmed">
          La institución no tiene cursos en la gestión {courses.year}.
        </Text>
      ) : (
        <Accordion
          multiple
          variant="contained"
          defaultValue={courses.levels.slice(0, 1).map((l) => String(l.levelId))}
        >
          {courses.levels.map((level) => (
            <Accordion.Item key={level.levelId} value={String(level.levelId)}>
              <Accordion.Control icon={<IconSchool size={16} />}>{level.levelName}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap={2}>
                  {level.courses.map((c) => {
                    const shift = courses.levels.some((l) => l.courses.some((o) => o.shiftId !== c.shiftId))
                      ? c.shiftName
                      : undefined;
                    return (
                      <NavLink
                        key={c.courseId}
                        component="button"
                        // Named by its own text (axe label-content-name-mismatch: an aria-label
                        // 'Primaria · Primero - A, 12 estudiantes' did not hold the visible 'Primero -
                        // A12', decision 061): heard with its level, as 'Primero - A' is in both
                        // Primaria and Secundaria, and with 'estudiantes' after the count.
                        label={
                          <>
                            <VisuallyHidden>{`${level.levelName} · `}</VisuallyHidden>
                            <span>{courseInLevelLabel(c.gradeId, c.parallelId)}</span>
                          </>
                        }
                        description={shift}
                        rightSection={
                          <Text size="xs" c="dimmed">
                            {formatCount(c.students)}
                            <VisuallyHidden> estudiantes</VisuallyHidden>
                          </Text>
                        }
                        active={isSelected(c.courseId)}
                        onClick={() =>
                          onSelect({
                            kind: 'course',
                            courseId: c.courseId,
                            label: c.label,
                          })
                        }
                      />
                    );
                  })}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Paper>
  );
}
