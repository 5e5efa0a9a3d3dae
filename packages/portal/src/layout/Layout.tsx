/**
 * The signed-in shell (000 §2): the icon sidebar on desktop, the mobile top navbar on small
 * screens, and a header with the notification bell, the balance tag and the user menu. A page that
 * fails to render (a chunk gone after a deploy) shows a reload instead of a blank screen, and
 * react-admin's CheckForApplicationUpdate offers the new version as soon as one is deployed; it and
 * the live channel load after the first screen's reads (./Background).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { AppBar, Box, CircularProgress, Toolbar, Typography, useMediaQuery, type Theme } from '@mui/material';
import { ErrorBoundary } from 'react-error-boundary';
import { useAfterReads } from '../components/afterReads';
import { ThemeToggle } from './ThemeToggle';
import { ErrorFallback } from '../components/ErrorFallback';
import { useTranslate } from 'ra-core';
import { canAccess } from '@partner-panel/data-provider';
import { useSessionUser } from '../routing/useSessionUser';
import { BalanceTag } from './BalanceTag';
import { IconSidebar } from './IconSidebar';
import { MobileNav } from './MobileNav';
import { NotificationBell } from './NotificationBell';
import { SectionTabs } from './SectionTabs';
import { SupportReference } from './SupportReference';
import { UserMenu } from './UserMenu';

const Background = lazy(() => import('./Background'));

export function Layout({ children }: { children?: ReactNode }) {
  const translate = useTranslate();
  const user = useSessionUser();
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const afterReads = useAfterReads();
  if (!user) return null;
  return (
    <SupportReference>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        {/* A printed page (an invoice) is the page alone: no navigation, bars or tabs. */}
        {desktop ? (
          <Box sx={{ display: 'contents', displayPrint: 'none' }}>
            <IconSidebar user={user} />
          </Box>
        ) : null}
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', displayPrint: 'none' }}>
            <Toolbar sx={{ gap: 1 }}>
              {/* On a phone the bar's room goes to the bell, balance and menu; each page names itself below. */}
              <Typography variant="h6" component="div" noWrap sx={{ fontWeight: 700, flex: 1, minWidth: 0, visibility: { xs: 'hidden', sm: 'visible' } }}>
                {translate('pp.app.title')}
              </Typography>
              <NotificationBell />
              {canAccess(user, { resource: 'dashboard.wallet', action: 'payments' }) ? <BalanceTag /> : null}
              {desktop ? <ThemeToggle /> : null}
              <UserMenu />
            </Toolbar>
            {desktop ? null : <MobileNav user={user} />}
          </AppBar>
          <Box component="main" sx={{ flex: 1, p: { xs: 2, md: 3 }, maxWidth: 1280, width: '100%', mx: 'auto' }}>
            <Box sx={{ display: 'contents', displayPrint: 'none' }}>
              <SectionTabs user={user} />
            </Box>
            <ErrorBoundary FallbackComponent={ErrorFallback}>
              <Suspense
                fallback={
                  <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
                    <CircularProgress aria-label={translate('pp.app.loading')} />
                  </Box>
                }
              >
                {children}
              </Suspense>
            </ErrorBoundary>
          </Box>
        </Box>
        {afterReads ? (
          <Suspense fallback={null}>
            <Background />
          </Suspense>
        ) : null}
      </Box>
    </SupportReference>
  );
}
