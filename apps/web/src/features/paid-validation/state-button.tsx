import type { PaidStudentRow } from '@bjp/domain';
import { Button } from '@mantine/core';

const colors: Record<PaidStudentRow['state'], string> = {
  paid: 'green',
  not_paid: 'red',
  unvalidated: 'gray',
};

type Props = { row: PaidStudentRow; disabled: boolean; onClick: () => void };

/** The state button of a student: PAGADO, NO PAGADO or SIN VALIDAR; it opens 'Validación Estudiante'. */
export function StateButton({ row, disabled, onClick }: Props) {
  return (
    <Button
      size="xs"
      miw={96}
      px={8}
      color={colors[row.state]}
      variant={row.state === 'unvalidated' ? 'outline' : 'filled'}
      disabled={disabled}
      onClick={onClick}
      data-testid={`state-${row.inscriptionId}`}
    >
      {row.stateLabel}
    </Button>
  );
}
