import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { motion } from '../src/theme';

describe('the theme for a person who asked for less motion', () => {
  it('has no transitions, zero durations and no ripple', () => {
    const theme = createTheme(motion(true));
    expect(theme.transitions.create('opacity')).toBe('none');
    expect(Object.values(theme.transitions.duration)).toEqual(Object.values(theme.transitions.duration).map(() => 0));
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
  });

  it('keeps MUI’s motion for everyone else', () => {
    const theme = createTheme(motion(false));
    expect(theme.transitions.create('opacity')).toMatch(/^opacity \d+ms/);
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(theme.components?.MuiButtonBase).toBeUndefined();
  });
});
