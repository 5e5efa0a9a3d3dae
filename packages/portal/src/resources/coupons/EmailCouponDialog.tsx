/**
 * The Email Coupon modal (001 §5): the recipient's e-mail, and for reseller 903 the full name too.
 * A react-admin form validated by the contract's own schema; a failure toasts the server's message,
 * or 'Failed to send coupon email'. A selection of the list is mailed the same way, once per code.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { z } from 'zod';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { emailField, messages } from '@partner-panel/sdk';
import { SchemaForm } from '../../components/SchemaForm';
import type { Submission } from '../../components/useSubmission';
import { SubmitButton } from '../../components/SubmitButton';

/** The spec's guard: a form without its field says so (001 §5), before the usual rules. */
const present = (missing: string) => (value: unknown) => (value === undefined ? { message: missing } : undefined);

const recipient = z.object({
  email: z.unknown().superRefine((v, ctx) => {
    const gone = present(messages.emailFieldMissing)(v);
    if (gone) return void ctx.addIssue({ code: 'custom', ...gone });
    const checked = emailField.safeParse(v);
    if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? messages.emailRequired });
  }),
});
const partnerRecipient = recipient.extend({
  full_name: z.string({ error: messages.fullNameFieldMissing }).trim().min(1, { error: messages.fullNameRequiredCoupon }).max(100),
});

export interface EmailTarget {
  id: number;
  code: string;
}

/** One coupon (`coupon`), or a selection of the list (`selection`: each coupon mailed once). */
export function EmailCouponDialog({
  coupon,
  selection,
  onClose,
  onSent,
  withName,
  userId,
}: {
  coupon?: EmailTarget;
  selection?: number[];
  onClose: () => void;
  onSent?: () => void;
  withName: boolean;
  userId?: number;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();

  async function send(values: Record<string, unknown>, once: Submission) {
    const recipient = {
      email: String(values.email).trim(),
      ...(withName ? { full_name: String(values.full_name).trim() } : {}),
    };
    try {
      if (selection) {
        const { message } = await dataProvider.call('sendCoupons', { ids: selection, ...recipient }, undefined, once);
        notify(message, { type: 'success' });
      } else if (coupon) {
        await dataProvider.sendCoupon({ coupon_id: coupon.id, ...recipient, ...(userId ? { reseller_id: userId } : {}) }, once);
        notify('pp.coupons.sent', { type: 'success' });
      }
      onSent?.();
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="email-coupon-title">
      <SchemaForm<typeof partnerRecipient | typeof recipient> onSubmit={send} schema={withName ? partnerRecipient : recipient} defaultValues={withName ? { email: '', full_name: '' } : { email: '' }}>
        <DialogTitle id="email-coupon-title">{translate(selection ? 'pp.coupons.bulk_email_title' : 'pp.coupons.email_title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {selection ? translate('pp.coupons.bulk_email_help', { smart_count: selection.length }) : translate('pp.coupons.email_help', { code: coupon?.code })}
          </Typography>
          {withName ? <TextInput source="full_name" label="pp.coupons.full_name" fullWidth /> : null}
          <TextInput source="email" type="email" label="pp.coupons.recipient" fullWidth autoFocus />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{translate('pp.confirm.cancel')}</Button>
          <SubmitButton label="pp.coupons.send" />
        </DialogActions>
      </SchemaForm>
    </Dialog>
  );
}
