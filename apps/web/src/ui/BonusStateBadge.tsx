import { type BonusState, bonusStateDescriptions, bonusStateLabels } from '@bjp/domain';
import { Text, Tooltip } from '@mantine/core';
import { warningTextColor } from '../app/theme';

/**
 * One colour per bonus state, the same on every screen that shows a student's bonus; each at least
 * 4.5:1 on white and on a striped row (shade 8 of green, orange, red gave 3.2–4.3:1).
 */
const colors: Record<BonusState, string> = {
  PAGADO: '#237032',
  PAGADO_POR_VALIDAR: '#086d4e',
  PAGADO_SIN_DECLARAR: warningTextColor,
  NO_PAGADO_DECLARADO: 'red.9',
  DECLARADO_SIN_PAGO: 'red.9',
  BLOQUEADO: 'grape.9',
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
