import { type BonusState, bonusStateDescriptions, bonusStateLabels } from '@bjp/domain';
import { Text, Tooltip } from '@mantine/core';

/** One colour per bonus state, the same on every screen that shows a student's bonus. */
const colors: Record<BonusState, string> = {
  PAGADO: 'green.8',
  PAGADO_POR_VALIDAR: 'teal.8',
  PAGADO_SIN_DECLARAR: 'orange.8',
  NO_PAGADO_DECLARADO: 'red.8',
  DECLARADO_SIN_PAGO: 'red.8',
  BLOQUEADO: 'grape.8',
  PENDIENTE: 'gray.7',
  SIN_TITULAR: 'gray.7',
  BAJA: 'dark.4',
};

/** A student's bonus state (the label wraps between words so narrow tables stay within 1366 px) (the one definition in the domain package), its meaning on hover. */
export function BonusStateBadge({ state }: { state: BonusState }) {
  return (
    <Tooltip label={bonusStateDescriptions[state]} multiline w={260} withArrow>
      <Text size="sm" fw={700} c={colors[state]} lh={1.2} data-state={state}>
        {bonusStateLabels[state]}
      </Text>
    </Tooltip>
  );
}
