import type { InstitutionReport } from '@bjp/domain';
import { Badge, NavLink, ScrollArea } from '@mantine/core';

type Props = {
  levels: InstitutionReport['levels'];
  courseId: number | null;
  onSelect: (courseId: number | null) => void;
};

/**
 * Levels expanding to their courses; choosing one filters 'Estado Cobro de Estudiantes'. Each entry
 * is a button: an `<a>` without href (NavLink's default) is no tab stop, so neither the keyboard
 * nor the list's scroll area could be reached (axe scrollable-region-focusable, decision 061).
 */
export function CourseList({ levels, courseId, onSelect }: Props) {
  return (
    <ScrollArea.Autosize mah={520}>
      <NavLink
        component="button"
        label="Todos los cursos"
        active={courseId === null}
        onClick={() => onSelect(null)}
      />
      {levels.map((level) => (
        <NavLink component="button" key={level.levelId} label={level.name} defaultOpened childrenOffset={12}>
          {level.courses.map((c) => (
            <NavLink
              component="button"
              key={c.courseId}
              label={`${c.label} (${c.shift})`}
              active={courseId === c.courseId}
              onClick={() => onSelect(c.courseId)}
              rightSection={
                <Badge size="xs" variant="light" color={c.paid === c.students ? 'green' : 'gray'}>
                  {c.paid}/{c.students}
                </Badge>
              }
            />
          ))}
        </NavLink>
      ))}
    </ScrollArea.Autosize>
  );
}
