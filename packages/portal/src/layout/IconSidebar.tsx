/** The left icon sidebar (desktop): one icon per section, its name in a tooltip. */
import { Box, IconButton } from '@mui/material';
import { LaterTooltip } from '../components/LaterTooltip';
import { useTranslate } from 'ra-core';
import { Link, useLocation } from 'react-router-dom';
import type { StoredUser } from '@partner-panel/data-provider';
import { sectionOf, sectionsFor } from './navigation';
import { useBasename } from 'ra-core';

export const SIDEBAR_WIDTH = 72;

export function IconSidebar({ user }: { user: StoredUser }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const current = sectionOf(pathname);
  const base = useBasename();
  return (
    <Box
      component="nav"
      aria-label={translate('pp.nav.menu')}
      sx={{
        width: SIDEBAR_WIDTH,
        flexShrink: 0,
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        py: 2,
        position: 'sticky',
        top: 0,
        height: '100vh',
      }}
    >
      <Box component={Link} to="/dashboard" aria-label={translate('pp.app.title')} sx={{ mb: 2 }}>
        <Box component="img" src="/favicon.svg" alt="" sx={{ width: 36, height: 36 }}/>
      </Box>
      {sectionsFor(user, base).map((section) => {
        const active = section.key === current;
        const label = translate(section.label);
        return (
          <LaterTooltip key={section.key} title={label} placement="right">
            <IconButton
              component={Link}
              to={section.to}
              aria-label={label}
              aria-current={active ? 'page' : undefined}
              data-testid={`nav-${section.key}`}
              sx={{
                borderRadius: 2,
                width: 48,
                height: 48,
                color: active ? 'primary.main' : 'text.secondary',
                bgcolor: active ? 'action.selected' : 'transparent',
              }}
            >
              <section.icon />
            </IconButton>
          </LaterTooltip>
        );
      })}
    </Box>
  );
}
