/**
 * How a strip of tabs lays out: each tab as wide as its label, the strip scrolling with arrows when
 * the tabs are wider than the screen. Sharing a phone's width instead squeezed a long label until
 * it broke mid-word ("Transactio/ns").
 */
import type { TabsProps } from '@mui/material';

export const TAB_STRIP = { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true } as const satisfies Pick<
  TabsProps,
  'variant' | 'scrollButtons' | 'allowScrollButtonsMobile'
>;
