import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  title: string;
  /** Trail after 'Inicio', e.g. ['Usuarios']. */
  breadcrumbs?: string[];
  description?: ReactNode;
  actions?: ReactNode;
};

export function PageHeader({ title, breadcrumbs = [], description, actions }: Props) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Stack gap={4}>
        {breadcrumbs.length > 0 && (
          <Breadcrumbs separator="/" fz="sm" aria-label="Ruta de navegación">
            <Anchor component={Link} to="/" fz="sm">
              Inicio
            </Anchor>
            {breadcrumbs.map((crumb) => (
              <Text key={crumb} fz="sm" c="dimmed">
                {crumb}
              </Text>
            ))}
          </Breadcrumbs>
        )}
        <Title order={2}>{title}</Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions}
    </Group>
  );
}
