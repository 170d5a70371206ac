import { AppShell, Box } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { lazy, Suspense, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useSessionUser } from '../auth/session';
import { useSessionUserSync } from '../auth/session-sync';
import { NoAccessPage } from '../pages/NoAccessPage';
import { usePublicConfig } from '../public-config';
import { useRouteHandle } from '../route-handle';
import { EnvBanner } from './EnvBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

// The menu (a hundred links, a scroll area, the menus' icons) is its own chunk: a phone downloads it
// when the burger first opens it (issue 14).
const Sidebar = lazy(() => import('./Sidebar').then((m) => ({ default: m.Sidebar })));

const BAR_HEIGHT = 60;
const BANNER_HEIGHT = 28;

/** The main layout: header, sidebar (a burger drawer below 992 px, Mantine's md), content, footer. */
export function AppLayout() {
  const user = useSessionUser();
  useSessionUserSync();
  const [navOpened, nav] = useDisclosure(false);
  // Below Mantine's md (62em) the menu is a drawer, hidden until the burger opens it: its hundred
  // links are rendered when it is first opened, not with the first screen (issue 14).
  const wide = useMediaQuery('(min-width: 62em)', undefined, { getInitialValueInEffect: false });
  const [navUsed, setNavUsed] = useState(false);
  if (navOpened && !navUsed) setNavUsed(true);
  const { appEnv } = usePublicConfig();
  const handle = useRouteHandle();
  // The session may end while a screen is open (logout in another tab, refresh failure).
  if (!user) return <Navigate to="/auth/login" replace />;

  const allowed = !handle?.permission || user.permissions.includes(handle.permission);
  const headerHeight = BAR_HEIGHT + (appEnv === 'development' ? BANNER_HEIGHT : 0);
  // Only these screens open confirmation dialogs: the modals (and the scroll area and focus trap
  // they bring) stay out of the login page's JavaScript (issue 14).
  return (
    <ModalsProvider labels={{ confirm: 'Continuar', cancel: 'Cancelar' }}>
      <AppShell
        header={{ height: headerHeight }}
        navbar={{ width: 290, breakpoint: 'md', collapsed: { mobile: !navOpened } }}
        padding="md"
      >
        <AppShell.Header>
          <SkipLink />
          <EnvBanner />
          <Box h={BAR_HEIGHT}>
            <Header user={user} navOpened={navOpened} onToggleNav={nav.toggle} />
          </Box>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label="Menú principal">
          {(wide || navUsed) && (
            <Suspense fallback={null}>
              <Sidebar user={user} onNavigate={nav.close} />
            </Suspense>
          )}
        </AppShell.Navbar>
        {/* AppShell.Main draws a <main> of its own: a plain box here, so the page has one main
            landmark (the content below) and the footer stays outside it. */}
        <AppShell.Main
          renderRoot={(props) => <div {...props} />}
          style={{ display: 'flex', flexDirection: 'column' }}
        >
          {/* tabIndex -1: the skip link can focus it; outline none, as it is not a control. */}
          <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
            {allowed ? <Outlet /> : <NoAccessPage />}
          </Box>
          <Box component="footer" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <Footer />
          </Box>
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
