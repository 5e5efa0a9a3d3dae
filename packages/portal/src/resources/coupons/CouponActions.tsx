/**
 * A coupon row's actions (001 §2.3): Email Coupon, and delete with a refund — both disabled once
 * redeemed. The own list confirms in a dialog; an admin's view of its user with the browser's
 * confirm (001 §5). Each shows to a member whose role allows its call (Support e-mails, Finance
 * and Viewer only read).
 */
import { useState } from 'react';
import { DialogContentText, IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useDelete, useNotify, useRecordContext, useTranslate } from 'ra-core';
import { canAccess, type PortalDataProvider } from '@partner-panel/data-provider';
import { useSessionUser } from '../../routing/useSessionUser';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmailCouponDialog } from './EmailCouponDialog';
import type { CouponRecord } from './record';

export function CouponActions({ userId, partner }: { userId?: number; partner: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const coupon = useRecordContext<CouponRecord>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const [deleteOne, { isPending }] = useDelete<CouponRecord>();
  const [emailing, setEmailing] = useState(false);
  const [confirming, setConfirming] = useState<CouponRecord | null>(null);
  const user = useSessionUser();
  const mayEmail = canAccess(user, { resource: 'coupons.list', action: 'sendCoupon' });
  const mayDelete = canAccess(user, { resource: 'coupons.list', action: userId ? 'deleteUserCoupon' : 'deleteCoupon' });
  if (!coupon) return null;
  const redeemed = coupon.redeemed === 'yes';

  const remove = (target: CouponRecord) =>
    deleteOne(
      'coupons',
      { id: target.id, previousData: target, ...(userId ? { meta: { userId } } : {}) },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('pp.coupons.deleted', { type: 'success' });
          // The refund moves the wallet and the dashboard's counters.
          void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
          if (!userId) void dataProvider.refreshProfile().catch(() => undefined);
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );

  const askDelete = () => {
    if (!userId) return setConfirming(coupon);
    if (window.confirm(translate('pp.coupons.confirm_admin'))) remove(coupon);
  };

  return (
    <>
      {mayEmail ? (
        <Tooltip title={translate('pp.coupons.email_title')}>
          <span>
            <IconButton size="small" aria-label={translate('pp.coupons.email_title')} aria-haspopup="dialog" onClick={() => setEmailing(true)} disabled={redeemed}>
              <MailIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ) : null}
      {mayDelete ? (
        <Tooltip title={translate('pp.coupons.delete')}>
          <span>
            <IconButton size="small" aria-label={translate('pp.coupons.delete')} aria-haspopup="dialog" onClick={askDelete} disabled={redeemed || isPending} color="error">
              <DeleteIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ) : null}
      {emailing ? <EmailCouponDialog coupon={coupon} onClose={() => setEmailing(false)} withName={partner} {...(userId ? { userId } : {})} /> : null}
      <ConfirmDialog target={confirming} onClose={() => setConfirming(null)} onConfirm={remove} labelId={`delete-coupon-${coupon.id}`}>
        <DialogContentText>{translate('pp.coupons.confirm_text')}</DialogContentText>
        <DialogContentText sx={{ mt: 1 }} data-testid="delete-coupon-detail">
          {translate(partner ? 'pp.coupons.confirm_detail_partner' : 'pp.coupons.confirm_detail', { code: coupon.code })}
        </DialogContentText>
      </ConfirmDialog>
    </>
  );
}
