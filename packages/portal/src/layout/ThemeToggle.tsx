/**
 * The light/dark switch of the app bar: react-admin's ToggleThemeButton, with its tooltip loaded
 * after the first screen (LaterTooltip). Its own Tooltip import put MUI's Popper into the signed-in
 * first screen's file.
 */
import { IconButton, useMediaQuery } from '@mui/material';
import Brightness4Icon from '@mui/icons-material/Brightness4';
import Brightness7Icon from '@mui/icons-material/Brightness7';
import { useTranslate } from 'ra-core';
import { useTheme, useThemesContext } from 'react-admin';
import { LaterTooltip } from '../components/LaterTooltip';

export function ThemeToggle() {
  const translate = useTranslate();
  const { darkTheme, defaultTheme } = useThemesContext();
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const [theme, setTheme] = useTheme(defaultTheme || (prefersDark && darkTheme ? 'dark' : 'light'));
  const title = translate('ra.action.toggle_theme');
  return (
    <LaterTooltip title={title} enterDelay={300}>
      <IconButton color="inherit" onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')} aria-label={title}>
        {theme === 'dark' ? <Brightness7Icon /> : <Brightness4Icon />}
      </IconButton>
    </LaterTooltip>
  );
}
