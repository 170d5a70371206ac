import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
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
      {/* Route data and chunks are loaded before a navigation commits, so the new screen is drawn
          at once with the new address instead of in a deferred transition. */}
      <RouterProvider router={router} useTransitions={false} />
    </AppProviders>
  </StrictMode>,
);
