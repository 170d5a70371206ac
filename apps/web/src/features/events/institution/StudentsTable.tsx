import { DEFAULT_PAGE_SIZE, type EnrollmentStudent, type GradeOption, SEARCH_MAX_LENGTH } from '@bjp/domain';
import { Alert, Checkbox, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { errorMessage } from '../../../app/api';
import { type Column, DataTable } from '../../../ui/DataTable';
import { urlParam } from '../../../ui/url-state';
import { useUrlState, useUrlText } from '../../../ui/use-url-state';
import { useStudents } from '../institution-api';

type Props = {
  sie: number;
  grades: GradeOption[];
  selected: Set<number>;
  locked: boolean;
  onToggle: (inscriptionId: number, on: boolean) => void;
};

/** The grade, the search and the page (keys of InstitutionEnrollmentPage's declaration). */
const studentParams = {
  grade: urlParam.int({ min: 0 }),
  q: urlParam.text({ max: SEARCH_MAX_LENGTH }),
  page: urlParam.page(),
};

/** The school's students, 10 a page, with the grade column (99 shown as 'CEA') and the participant mark. */
export function StudentsTable({ sie, grades, selected, locked, onToggle }: Props) {
  const [url, set] = useUrlState(studentParams);
  const page = url.page;
  const setPage = (next: number) => set({ page: next });
  const grade = url.grade === null ? null : String(url.grade);
  const [search, setSearch] = useUrlText(url.q, (text) => set({ q: text }));
  const students = useStudents(sie, page, url.grade, url.q);

  const columns: Column<EnrollmentStudent>[] = [
    {
      key: 'mark',
      header: 'Inscribir',
      width: 80,
      align: 'center',
      render: (s) => (
        <Checkbox
          checked={selected.has(s.inscriptionId)}
          disabled={locked}
          aria-label={`Inscribir ${s.fullName}`}
          onChange={(e) => onToggle(s.inscriptionId, e.currentTarget.checked)}
        />
      ),
    },
    { key: 'rude', header: 'RUDE', render: (s) => s.rude },
    { key: 'name', header: 'Estudiante', render: (s) => s.fullName },
    { key: 'level', header: 'Nivel', render: (s) => s.level },
    { key: 'grade', header: 'Grado', render: (s) => s.grado },
    { key: 'parallel', header: 'Paralelo', align: 'center', render: (s) => s.parallel },
  ];

  return (
    <>
      <Group>
        <Select
          placeholder="Todos los grados"
          aria-label="Grado"
          clearable
          data={grades.map((g) => ({ value: String(g.id), label: g.grado }))}
          value={grade}
          comboboxProps={{ keepMounted: false }}
          onChange={(v) => set({ grade: studentParams.grade.parse(v) })}
        />
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder="Buscar por nombre o RUDE"
          aria-label="Buscar estudiantes"
          maxLength={SEARCH_MAX_LENGTH}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      </Group>
      {students.isError ? (
        <Alert color="red">{errorMessage(students.error)}</Alert>
      ) : (
        <DataTable
          columns={columns}
          rows={students.data?.items ?? []}
          rowKey={(s) => s.inscriptionId}
          page={students.data?.page ?? page}
          pageSize={students.data?.pageSize ?? DEFAULT_PAGE_SIZE}
          total={students.data?.total ?? 0}
          onPageChange={setPage}
          loading={students.isFetching}
          emptyText="No hay estudiantes."
          data-testid="institution-students"
        />
      )}
    </>
  );
}
