import { DEFAULT_PAGE_SIZE, type EnrollmentStudent, type GradeOption, SEARCH_MAX_LENGTH } from '@bjp/domain';
import { Alert, Checkbox, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../app/api';
import { type Column, DataTable } from '../../../ui/DataTable';
import { useStudents } from '../institution-api';

type Props = {
  sie: number;
  grades: GradeOption[];
  selected: Set<number>;
  locked: boolean;
  onToggle: (inscriptionId: number, on: boolean) => void;
};

/** The school's students, 10 a page, with the grade column (99 shown as 'CEA') and the participant mark. */
export function StudentsTable({ sie, grades, selected, locked, onToggle }: Props) {
  const [page, setPage] = useState(1);
  const [grade, setGrade] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 350);
  const students = useStudents(sie, page, grade ? Number(grade) : null, debounced);

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
          onChange={(v) => {
            setGrade(v);
            setPage(1);
          }}
        />
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder="Buscar por nombre o RUDE"
          aria-label="Buscar estudiantes"
          maxLength={SEARCH_MAX_LENGTH}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
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
