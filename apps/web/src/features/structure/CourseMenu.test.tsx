import type { InstitutionCourses } from '@bjp/domain';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CourseMenu } from './CourseMenu';

const course = (courseId: number, levelName: string, gradeId: number, students: number) => ({
  courseId,
  gradeId,
  parallelId: 1,
  shiftId: 1,
  shiftName: 'Mañana',
  label: `${levelName} · ${gradeId === 2 ? 'Segundo' : 'Primero'} - A`,
  students,
});
const courses: InstitutionCourses = {
  codeType: 1,
  year: 2025,
  levels: [
    { levelId: 12, levelName: 'Primaria', courses: [course(1, 'Primaria', 2, 1234)] },
    { levelId: 13, levelName: 'Secundaria', courses: [course(2, 'Secundaria', 2, 30)] },
  ],
};

describe("the 'Lista' menu (issue 16)", () => {
  it('shows a course short under its level and names it with its level', () => {
    const html = renderToStaticMarkup(
      <MantineProvider>
        <CourseMenu courses={courses} selected={null} onSelect={() => undefined} />
      </MantineProvider>,
    );
    // The level is heard, not shown; the name is the button's own text (decision 061).
    expect(html).toMatch(/>Primaria · <\/span><span>Segundo - A<\/span>/);
    expect(html).toMatch(/>1,234<[a-z]+[^>]*> estudiantes</);
    expect(html).not.toContain('aria-label="Primaria');
  });
});
