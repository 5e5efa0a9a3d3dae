/** The Email Coupon modal (001 §5): the recipient's e-mail, and for 903 the full name. */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { emailField, errors, messages } from '@partner-panel/sdk';
import { dataProvider } from '../../providers';

export interface EmailTarget {
  id: number;
  code: string;
}

export function EmailCouponDialog({ coupon, onClose, withName, userId }: { coupon: EmailTarget | null; onClose: () => void; withName: boolean; userId?: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; name?: string }>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setEmail('');
    setName('');
    setFieldErrors({});
    setAlert(null);
    onClose();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // The spec's guard: the form must hold its fields (a broken page says so instead of sending).
    if (!form.elements.namedItem('email')) return setAlert(messages.emailFieldMissing);
    if (withName && !form.elements.namedItem('full_name')) return setAlert(messages.fullNameFieldMissing);
    const checked = emailField.safeParse(email);
    const next = {
      ...(checked.success ? {} : { email: checked.error.issues[0]?.message }),
      ...(withName && !name.trim() ? { name: messages.fullNameRequiredCoupon } : {}),
    };
    setFieldErrors(next);
    if (Object.keys(next).length || !coupon) return;
    setBusy(true);
    try {
      await dataProvider.sendCoupon({
        coupon_id: coupon.id,
        email: email.trim(),
        ...(withName ? { full_name: name.trim() } : {}),
        ...(userId ? { reseller_id: userId } : {}),
      });
      notify(translate('pp.coupons.sent'), { type: 'success' });
      close();
    } catch (error) {
      setAlert(error instanceof Error && error.message ? error.message : errors.sendCouponFailed.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={coupon !== null} onClose={close} fullWidth maxWidth="xs" aria-labelledby="email-coupon-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="email-coupon-title">{translate('pp.coupons.email_title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary">
            {translate('pp.coupons.email_help', { code: coupon?.code ?? '' })}
          </Typography>
          {alert ? (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {alert}
            </Alert>
          ) : null}
          {withName ? (
            <TextField
              name="full_name"
              label={translate('pp.coupons.full_name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(fieldErrors.name)}
              helperText={fieldErrors.name ?? ' '}
            />
          ) : null}
          <TextField
            name="email"
            type="email"
            label={translate('pp.coupons.recipient')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={Boolean(fieldErrors.email)}
            helperText={fieldErrors.email ?? ' '}
            autoFocus
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>{translate('pp.password_dialog.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('pp.coupons.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
