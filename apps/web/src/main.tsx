import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// The entry's top-level code was one task of 190–420 ms under Lighthouse's 4× slowdown (issue 14):
// these steps evaluate it in parts, each ending with a yield to the browser (a top-level await,
// which the bundle keeps in place: what follows it in the entry runs in a later task).
import './app/boot/step-react';
import './app/boot/step-libraries';
import './app/boot/step-mantine';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/AppRouter';
import { setSessionExpiredHandler } from './app/auth/refresh';
import { getToken } from './app/auth/session';
import { nextTask } from './app/boot/next-task';
import { AppProviders } from './app/providers';
import { prefetchPublicConfig } from './app/public-config';
import { appQueryClient as queryClient } from './app/query-client';
import { createAppRouter } from './app/router';

// The app's own modules were evaluated in the task that ends here; the router is created in the next ones.
await nextTask();

// Asked before the first render: the layout's header and banner are drawn with it, not redrawn.
prefetchPublicConfig(queryClient);
// Created in three more tasks (see router.tsx).
const router = await createAppRouter();

// Spec §4: when the session cannot be renewed, storage is cleared and the user goes to the login.
setSessionExpiredHandler(() => {
  queryClient.clear();
  void router.navigate('/auth/login', { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');

function start(container: HTMLElement) {
  const reactRoot = createRoot(container);
  // The first render in a transition, which React splits into slices of a few milliseconds: when the
  // screen's code has already arrived (preloaded beside the entry), the router is ready at once and
  // the whole layout and page were one task of 300 ms under Lighthouse's 4× slowdown (issue 14).
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <AppRouter router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

// With a session, React replaces index.html's static first paint (title and footer) only after that
// paint has reached the screen: on a fast line the entry would otherwise run before the browser
// painted anything, and the first thing seen would wait for the logged-in layout's code (issue 14).
// A frame at most; the router has already started loading the screen's code above. The login draws
// its own larger title at once.
if (getToken()) requestAnimationFrame(() => setTimeout(() => start(root), 0));
else start(root);
