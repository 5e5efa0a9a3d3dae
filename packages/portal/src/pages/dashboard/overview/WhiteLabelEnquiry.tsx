/**
 * White label, for real (ours, behind 000 §1's promo): Ask about white label opens a short
 * enquiry — brand name, expected users, message — validated by the contract's own schema, sent to
 * the operator; the server's answer is the toast, and a copy reaches the reseller by e-mail.
 * The button is on the dashboard's first screen; the dialog's form (react-hook-form, the text
 * inputs, the schema's glue) loads when the button is pointed at, focused or pressed.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'ra-core';

const loadDialog = () => import('./WhiteLabelEnquiryDialog');
const WhiteLabelEnquiryDialog = lazy(loadDialog);

export function WhiteLabelEnquiryButton({ sx }: { sx?: SxProps<Theme> }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="contained"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
        {...(sx ? { sx } : {})}
      >
        {translate('pp.dashboard.promo_cta')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <WhiteLabelEnquiryDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
