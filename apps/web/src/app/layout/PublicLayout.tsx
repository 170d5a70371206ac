import { Box, Container, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { EnvBanner } from './EnvBanner';
import { Footer } from './Footer';

/** Centred layout without menu: login and the public pages (spec: 'login-style layout'). */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <Stack mih="100dvh" gap={0} bg="gray.0">
      <EnvBanner />
      <Container component="main" size="md" py="xl" w="100%" style={{ flex: 1 }}>
        {children ?? <Outlet />}
      </Container>
      <Box component="footer">
        <Footer />
      </Box>
    </Stack>
  );
}
