/**
 * What a selection of the coupon list can do (ours, beside 001 §2.3), in react-admin's DataTable
 * bulk actions toolbar: e-mail every selected coupon to one recipient, export the selected rows,
 * and delete them — the confirmation states the refund from the server's quote before anything
 * moves. Redeemed rows cannot be ticked (isRowSelectable), so a selection is always deletable.
 * An admin's view of its user offers the export alone: e-mail and delete of a selection are the
 * owner's.
 */
import { useState, type ReactNode } from 'react';
import { DialogContentText } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import MailIcon from '@mui/icons-material/MailOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BulkActionsToolbar, Button, useDataProvider, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { canAccess, type PortalDataProvider } from '@partner-panel/data-provider';
import { useSessionUser } from '../../routing/useSessionUser';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useExportLink } from '../../components/ExportCsvButton';
import { useFormat } from '../../components/format';
import { EmailCouponDialog } from './EmailCouponDialog';

/** The buttons over a ticked selection. */
export function CouponBulkButtons({ userId, partner }: { userId?: number; partner: boolean }) {
  // Each to a member whose role allows its call.
  const user = useSessionUser();
  const mayEmail = canAccess(user, { resource: 'coupons.list', action: 'sendCoupons' });
  const mayDelete = canAccess(user, { resource: 'coupons.list', action: 'deleteCoupons' });
  return (
    <>
      {userId || !mayEmail ? null : <BulkEmailButton partner={partner} />}
      <BulkExportButton {...(userId ? { userId } : {})} />
      {userId || !mayDelete ? null : <BulkDeleteButton partner={partner} />}
    </>
  );
}

/** react-admin's toolbar without its "select all" (a selection is ticked a page at a time). */
export function CouponBulkToolbar({ children }: { children: ReactNode }) {
  return <BulkActionsToolbar selectAllButton={false}>{children}</BulkActionsToolbar>;
}

const selectedNumbers = (ids: unknown[]) => ids.map(Number);

function BulkEmailButton({ partner }: { partner: boolean }) {
  const { selectedIds, onUnselectItems } = useListContext();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="pp.coupons.bulk_email" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <MailIcon />
      </Button>
      {open ? (
        <EmailCouponDialog
          selection={selectedNumbers(selectedIds)}
          withName={partner}
          onClose={() => setOpen(false)}
          onSent={() => onUnselectItems()}
        />
      ) : null}
    </>
  );
}

function BulkExportButton({ userId }: { userId?: number }) {
  const { selectedIds, filterValues } = useListContext();
  const { exporting, exportLink } = useExportLink();
  const exportSelection = () => exportLink('coupons', { filter: filterValues, ids: selectedNumbers(selectedIds), ...(userId ? { meta: { userId } } : {}) });
  return (
    <Button label="pp.coupons.bulk_export" onClick={exportSelection} disabled={exporting}>
      <DownloadIcon />
    </Button>
  );
}

interface Quote {
  ids: number[];
  deletable: number;
  refund: number;
}

function BulkDeleteButton({ partner }: { partner: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const format = useFormat();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { selectedIds, onUnselectItems } = useListContext();
  const [quote, setQuote] = useState<Quote | null>(null);
  const toastFailure = (error: Error) => notify(error.message, { type: 'error' });
  // First the quote (how many can go and the refund), then, once confirmed, the deletion.
  const ask = useMutation({
    mutationFn: async () => {
      const ids = selectedNumbers(selectedIds);
      const quoted = await dataProvider.read('quoteCouponDeletion', { ids });
      return { ids, deletable: quoted.deletable, refund: quoted.refund };
    },
    onSuccess: setQuote,
    onError: toastFailure,
  });
  const remove = useMutation({
    mutationFn: (target: Quote) => dataProvider.call('deleteCoupons', { ids: target.ids }),
    onSuccess: ({ message }) => {
      notify(message, { type: 'success' });
      onUnselectItems();
      // The refund moves the wallet and the dashboard's counters.
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      void dataProvider.refreshProfile().catch(() => undefined);
    },
    onError: toastFailure,
    onSettled: () => refresh(),
  });
  const busy = ask.isPending || remove.isPending;

  return (
    <>
      <Button label="pp.coupons.bulk_delete" aria-haspopup="dialog" onClick={() => ask.mutate()} disabled={busy} color="error">
        <DeleteIcon />
      </Button>
      <ConfirmDialog target={quote} onClose={() => setQuote(null)} onConfirm={(target) => remove.mutate(target)} labelId="delete-coupons">
        <DialogContentText>{translate('pp.coupons.confirm_text')}</DialogContentText>
        <DialogContentText sx={{ mt: 1 }} data-testid="delete-coupons-detail">
          {quote ? translate(partner ? 'pp.coupons.bulk_confirm_detail_partner' : 'pp.coupons.bulk_confirm_detail', { smart_count: quote.deletable, amount: format.money(quote.refund) }) : null}
        </DialogContentText>
      </ConfirmDialog>
    </>
  );
}
