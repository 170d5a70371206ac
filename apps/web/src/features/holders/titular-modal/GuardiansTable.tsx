import { formatDate, type GuardianRow } from '@bjp/domain';
import { ActionIcon, Group, Switch, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowsExchange, IconEdit, IconTrash } from '@tabler/icons-react';
import { WideTable } from '../../../ui/WideTable';

type Props = {
  guardians: GuardianRow[];
  selectedId: number | null;
  onToggle: (guardian: GuardianRow) => void;
  onDelete: (guardian: GuardianRow) => void;
  onRelationship: (guardian: GuardianRow) => void;
  /**
   * Adjustment variant: an icon to edit the data of the student's titular; the relationship and
   * data icons then show only on the saved titular, the one an adjustment may change.
   */
  onEditData?: (guardian: GuardianRow) => void;
  disabled: boolean;
};

/**
 * The student's current titulars: a switch selects one (toggling again deselects it); the selected
 * one has no delete button; each row can change its relationship only.
 */
export function GuardiansTable({
  guardians,
  selectedId,
  onToggle,
  onDelete,
  onRelationship,
  onEditData,
  disabled,
}: Props) {
  if (guardians.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="md">
        El estudiante no tiene titulares registrados. Use 'Adicionar Titular'.
      </Text>
    );
  }
  return (
    <WideTable minWidth={720} cards>
      <Table striped withTableBorder verticalSpacing="xs" data-testid="guardians-table">
        <Table.Thead>
          <Table.Tr>
            {[
              'CI',
              'AP. PATERNO',
              'AP. MATERNO',
              'NOMBRES',
              'FECHA NACIMIENTO',
              'PARENTESCO',
              'OPCIONES',
            ].map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {guardians.map((g) => {
            const selected = g.guardianId === selectedId;
            return (
              <Table.Tr key={g.guardianId}>
                <Table.Td>{g.complemento ? `${g.carnet}-${g.complemento}` : g.carnet}</Table.Td>
                <Table.Td>{g.paterno}</Table.Td>
                <Table.Td>{g.materno}</Table.Td>
                <Table.Td>{g.name}</Table.Td>
                <Table.Td>{formatDate(g.birthDate)}</Table.Td>
                <Table.Td>{g.relationshipName}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Switch
                      checked={selected}
                      onChange={() => onToggle(g)}
                      disabled={disabled}
                      aria-label={`Seleccionar titular ${g.name} ${g.paterno}`}
                    />
                    {(!onEditData || g.selected) && (
                      <Tooltip label="Cambiar parentesco">
                        <ActionIcon
                          variant="light"
                          disabled={disabled}
                          onClick={() => onRelationship(g)}
                          aria-label={`Cambiar parentesco de ${g.name}`}
                        >
                          <IconArrowsExchange size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {onEditData && g.selected && (
                      <Tooltip label="Editar Datos">
                        <ActionIcon
                          variant="light"
                          color="teal"
                          disabled={disabled}
                          onClick={() => onEditData(g)}
                          aria-label={`Editar datos de ${g.name}`}
                        >
                          <IconEdit size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {!selected && (
                      <Tooltip label="Eliminar de la lista">
                        <ActionIcon
                          color="red"
                          variant="light"
                          disabled={disabled}
                          onClick={() => onDelete(g)}
                          aria-label={`Eliminar titular ${g.name}`}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}
