/**
 * The frame of the signed-out pages: the light card (./frame, no MUI) and their toasts. The frame
 * is part of what /login loads; the pages other than /login load on their own.
 */
import type { ReactNode } from 'react';
import { PublicFrame, Title, Toasts } from './frame';

export { useToast } from './frame';

export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <Toasts>
      <PublicFrame>{children}</PublicFrame>
    </Toasts>
  );
}

/** Title and subtitle of a public card. */
export const CardTitle = Title;
