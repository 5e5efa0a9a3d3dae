/**
 * On a phone (below 600 px) every table row becomes a card of "label — value" lines, so every
 * column, the actions above all, stays in reach without scrolling sideways. The labels are the
 * columns' own, given once.
 */
import type { SxProps, Theme } from '@mui/material';

export function phoneCards(labels: string[]): SxProps<Theme> {
  return (theme: Theme) => {
    const perColumn = Object.fromEntries(
      labels.map((label, index) => [
        `& tbody td:nth-of-type(${index + 1})::before`,
        label
          ? {
              content: JSON.stringify(label),
              marginRight: 'auto',
              flexShrink: 0,
              color: theme.palette.text.secondary,
              fontFamily: theme.typography.fontFamily,
              fontWeight: 500,
            }
          : { content: 'none' },
      ]),
    );
    return {
      [theme.breakpoints.down('sm')]: {
        '& thead': { display: 'none' },
        '& tbody tr': { display: 'block', py: 1, borderBottom: `1px solid ${theme.palette.divider}` },
        '& tbody td': {
          display: 'flex',
          // MUI lays a right-aligned cell out in reverse; on a card every line reads label first.
          flexDirection: 'row',
          justifyContent: 'flex-end',
          alignItems: 'center',
          gap: 2,
          border: 0,
          py: 0.5,
          textAlign: 'right',
          overflowWrap: 'anywhere',
        },
        ...perColumn,
      },
    };
  };
}
