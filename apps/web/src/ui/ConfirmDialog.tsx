import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

type ConfirmOptions = {
  message: ReactNode;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  color?: string;
};

/** The specification's confirmation: '¿Está Seguro?' with Continuar / Cancelar. Resolves true on Continuar. */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  const { message, title = '¿Está Seguro?', confirmLabel = 'Continuar', cancelLabel = 'Cancelar' } = options;
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      centered: true,
      children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: { color: options.color ?? 'blue' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** A dialog that must be acknowledged, for failures the specification shows as a dialog. */
export function showErrorDialog(message: string, title = 'Error') {
  const id = modals.open({
    title,
    centered: true,
    children: (
      <Stack>
        <Text size="sm" role="alert">
          {message}
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)}>Aceptar</Button>
        </Group>
      </Stack>
    ),
  });
}
