import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  label: string;
  value: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  color?: string;
  /** data-testid of the value, for browser tests that compare it with the API. */
  valueTestId?: string;
};

export function StatCard({ label, value, description, icon, color = 'blue', valueTestId }: Props) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fz="xl" fw={700} data-testid={valueTestId}>
            {value}
          </Text>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {icon && (
          <ThemeIcon color={color} variant="light" size="lg" radius="md">
            {icon}
          </ThemeIcon>
        )}
      </Group>
    </Paper>
  );
}
