/**
 * How a strip of tabs lays out: on a phone a few tabs share the width (labels wrap rather than
 * hide off screen); more tabs, or a wider screen, scroll with arrows.
 */
import { useMediaQuery, type TabsProps, type Theme } from '@mui/material';

export function useTabStrip(count: number): Pick<TabsProps, 'variant' | 'scrollButtons' | 'allowScrollButtonsMobile'> {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone && count <= 4) return { variant: 'fullWidth' };
  return { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true };
}
