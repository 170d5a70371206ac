import { Box, Text } from '@mantine/core';
import { usePublicConfig } from '../public-config';

/** Marks a test environment so nobody mistakes it for production (spec part 1 §1). */
export function EnvBanner() {
  const { appEnv } = usePublicConfig();
  if (appEnv !== 'development') return null;
  return (
    <Box bg="yellow.4" py={4} role="status" data-testid="env-banner">
      <Text ta="center" fw={700} size="sm" c="dark.8">
        AMBIENTE DE PRUEBAS
      </Text>
    </Box>
  );
}
