/** The light and the dark theme, shared by the public pages and the signed-in shell. */
import { createTheme, type ThemeOptions } from '@mui/material/styles';

/**
 * What a person who asked their system for less motion gets (WCAG 2.3.3): dialogs, menus, drawers
 * and toasts appear and leave at once, and buttons have no ripple. Read once as the page loads.
 */
export function motion(reduced: boolean): ThemeOptions {
  if (!reduced) return {};
  const none = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };
  return {
    transitions: { create: () => 'none', duration: none },
    components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
  };
}

const reducedMotion = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const { components: motionComponents, ...motionOptions } = motion(reducedMotion);

const shared: ThemeOptions = {
  ...motionOptions,
  shape: { borderRadius: 10 },
  typography: { fontFamily: 'Roboto, "Segoe UI", Arial, sans-serif', h1: { fontSize: '1.75rem', fontWeight: 600 } },
  components: {
    ...motionComponents,
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
    MuiTab: {
      styleOverrides: {
        // Tabs that share a phone's width wrap a long label (even at a slash) instead of clipping it.
        root: { textTransform: 'none', fontWeight: 600, '&.MuiTab-fullWidth': { minWidth: 0, paddingLeft: 6, paddingRight: 6, overflowWrap: 'anywhere' } },
      },
    },
  },
};

const lightOptions: ThemeOptions = {
  ...shared,
  // Secondary and warning are darker than MUI's so their text (the balance tag, an orange chip or
  // button) reads at 4.5:1 on white (WCAG AA). Error too: MUI's #d32f2f reads 4.98:1 on white but
  // under 4.5:1 on the blue tint of the bulk-action bar (its Delete); #b71c1c reads 5.2:1 there.
  palette: {
    mode: 'light',
    primary: { main: '#1565c0' },
    secondary: { main: '#00796b' },
    warning: { main: '#b35900' },
    error: { main: '#b71c1c' },
    background: { default: '#f4f6fb' },
  },
};

const darkOptions: ThemeOptions = {
  ...shared,
  palette: {
    mode: 'dark',
    primary: { main: '#90caf9' },
    secondary: { main: '#80cbc4' },
    background: { default: '#0f1420', paper: '#161c2b' },
    // Text on a coloured button picks black or white at WCAG AA's 4.5:1 (MUI's default, 3, put white
    // on the dark theme's light red #f44336: 3.7:1 on a confirmation's "delete it!").
    contrastThreshold: 4.5,
  },
};

export const lightTheme = createTheme(lightOptions);
export const darkTheme = createTheme(darkOptions);

const rtl = { light: createTheme({ ...lightOptions, direction: 'rtl' }), dark: createTheme({ ...darkOptions, direction: 'rtl' }) };

/** The two themes for a language written left to right, or right to left (Arabic: MUI mirrors itself). */
export const themesFor = (direction: 'ltr' | 'rtl') => (direction === 'rtl' ? rtl : { light: lightTheme, dark: darkTheme });
