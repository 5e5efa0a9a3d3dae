/**
 * MUI's Tooltip, once the first screen's reads are done: it brings Popper (about 9 kB as
 * transferred), which no first paint needs, and the shell shows four of them. Until then the child
 * shows alone; every child given here names itself (aria-label), so nothing is lost but the hover
 * hint for the first moment.
 */
import { lazy, Suspense } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';
import { useAfterReads } from './afterReads';

const Tooltip = lazy(() => import('@mui/material/Tooltip'));

export function LaterTooltip({ children, ...props }: TooltipProps) {
  const ready = useAfterReads();
  if (!ready) return children;
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
