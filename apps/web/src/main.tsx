import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/AppRouter';
import { setSessionExpiredHandler } from './app/auth/refresh';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';

const queryClient = createQueryClient();
const router = createAppRouter();

// Spec §4: when the session cannot be renewed, storage is cleared and the user goes to the login.
setSessionExpiredHandler(() => {
  queryClient.clear();
  void router.navigate('/auth/login', { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <AppRouter router={router} />
    </AppProviders>
  </StrictMode>,
);
