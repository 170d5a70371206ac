import { Box, Input } from '@mantine/core';
import type { ReactNode } from 'react';

export type FieldLayout = 'horizontal' | 'vertical';

type Props = {
  id: string;
  label: string;
  showLabel: boolean;
  labelWidth: number;
  required: boolean;
  error: string | null | undefined;
  layout: FieldLayout;
  children: ReactNode;
};

/**
 * A field's label, control and message. On a wide screen ('pc') the label sits left at the field's
 * label width, as the builder's 'Ancho de etiqueta' says; on a phone it sits above the control.
 */
export function FieldFrame({ id, label, showLabel, labelWidth, required, error, layout, children }: Props) {
  const horizontal = layout === 'horizontal' && showLabel;
  return (
    <Box
      style={
        horizontal
          ? {
              display: 'grid',
              gridTemplateColumns: `${labelWidth}px minmax(0, 1fr)`,
              columnGap: 12,
              alignItems: 'start',
            }
          : undefined
      }
    >
      {showLabel && (
        <Input.Label
          htmlFor={id}
          id={`${id}-label`}
          required={required}
          mt={horizontal ? 6 : 0}
          mb={horizontal ? 0 : 4}
        >
          {label}
        </Input.Label>
      )}
      <Box>
        {children}
        {error && (
          <Input.Error mt={4} role="alert">
            {error}
          </Input.Error>
        )}
      </Box>
    </Box>
  );
}
