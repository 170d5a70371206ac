import { Text } from '@mantine/core';
import { usePublicConfig } from '../public-config';

export function Footer() {
  const { year } = usePublicConfig();
  return (
    <Text size="xs" c="dimmed" ta="center" py={6} px="md">
      Ministerio de Educación — Estado Plurinacional de Bolivia · Programa Bono Juancito Pinto (BJP) {year}
    </Text>
  );
}
