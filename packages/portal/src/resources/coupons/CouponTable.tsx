/**
 * A coupon list (001 §2.3, §2.4): filters behind a toggle, page sizes 10/20/30, Export CSV, and per
 * row 'Email Coupon' and a delete that refunds (disabled once redeemed). The own list and an admin's
 * view of one of its users share it.
 */
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  DialogContentText,
  IconButton,
  TableCell,
  TableRow,
  Tooltip,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import { useQueryClient } from '@tanstack/react-query';
import { ListBase, useListContext, useNotify, useTranslate } from 'ra-core';
import { PAGE_SIZES, errors, fallbackMessage, type CouponRow } from '@partner-panel/sdk';
import { dataProvider } from '../../providers';
import { ListPagination } from '../../layout/ListPagination';
import { ConfirmDelete } from '../../layout/ConfirmDelete';
import { DataTable } from '../../layout/DataTable';
import { CouponFilters, FilterToggle } from './CouponFilters';
import { EmailCouponDialog, type EmailTarget } from './EmailCouponDialog';
import { exportCoupons } from './exportCoupons';

export interface CouponTableProps {
  /** 'coupons' (own) or 'userCoupons' (an admin's user, by userId). */
  resource: 'coupons' | 'userCoupons';
  userId?: number;
  /** Reseller 903's variant: no Billing Type filter, a full name in the e-mail modal, no Coupon_ID in the export. */
  partner?: boolean;
  /** The admin view confirms with the browser's own dialog (001 §5). */
  browserConfirm?: boolean;
}

type Row = CouponRow & { id: number };

const COLUMNS = [['code'], ['billing_type'], ['redeemed'], ['generated_at'], ['actions', 'right']] as const;

export function CouponTable(props: CouponTableProps) {
  return (
    <ListBase
      resource={props.resource}
      perPage={PAGE_SIZES.coupons.default}
      sort={{ field: 'generated_at', order: 'DESC' }}
      storeKey={`${props.resource}.${props.userId ?? 'own'}`}
      queryOptions={props.userId ? { meta: { userId: props.userId } } : {}}
    >
      <CouponRows {...props} />
    </ListBase>
  );
}

function CouponRows({ userId, partner = false, browserConfirm = false }: CouponTableProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data, isPending, error, filterValues, total = 0, refetch, meta } = useListContext<Row>() as ReturnType<typeof useListContext<Row>> & { meta?: { capped?: boolean } };
  const [showFilters, setShowFilters] = useState(Object.keys(filterValues).length > 0);
  const [emailing, setEmailing] = useState<EmailTarget | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [exporting, setExporting] = useState(false);

  async function remove(row: Row) {
    try {
      const { message } = await dataProvider.deleteCoupon(row.id, userId);
      notify(message || translate('pp.coupons.deleted'), { type: 'success' });
      void refetch();
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      if (!userId) void dataProvider.refreshProfile().catch(() => undefined);
    } catch (e) {
      notify(e instanceof Error ? e.message : fallbackMessage(errors.deleteCoupon), { type: 'error' });
    }
  }

  function askDelete(row: Row) {
    if (browserConfirm) {
      if (window.confirm(translate('pp.coupons.confirm_admin'))) void remove(row);
    } else setDeleting(row);
  }

  async function exportCsv() {
    setExporting(true);
    try {
      await exportCoupons({ filter: filterValues, total, capped: meta?.capped === true, partner, ...(userId ? { userId } : {}) });
    } catch (e) {
      notify(e instanceof Error ? e.message : fallbackMessage(errors.downloadCoupons), { type: 'error' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, p: 2, pb: 0, flexWrap: 'wrap' }}>
        <FilterToggle open={showFilters} onToggle={setShowFilters} />
        <Button startIcon={exporting ? <CircularProgress size={16} /> : <DownloadIcon />} onClick={exportCsv} disabled={exporting || total === 0} variant="outlined">
          {translate('pp.coupons.export')}
        </Button>
      </Box>
      {showFilters ? <CouponFilters billingType={!partner} /> : null}
      {error ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {error.message || fallbackMessage(errors.fetchCouponList)}
        </Alert>
      ) : null}
      <DataTable
        label={translate('pp.coupons.title')}
        columns={COLUMNS.map(([key, align]) => ({ key, label: translate(`pp.coupons.${key}`), ...(align ? { align } : {}) }))}
        loading={isPending}
        empty={(data?.length ?? 0) === 0}
      >
        {(data ?? []).map((row) => (
          <TableRow key={row.id} hover data-testid="coupon-row">
            <TableCell sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{row.code}</TableCell>
            <TableCell>{translate(row.billing_type === 1 ? 'pp.coupons.recursive' : 'pp.coupons.non_recursive')}</TableCell>
            <TableCell>
              <Chip
                size="small"
                label={translate(row.redeemed === 'yes' ? 'pp.coupons.yes' : 'pp.coupons.no')}
                color={row.redeemed === 'yes' ? 'success' : 'default'}
                variant="outlined"
              />
            </TableCell>
            <TableCell>{new Date(row.generated_at).toLocaleString('en-US')}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={translate('pp.coupons.email_title')}>
                <span>
                  <IconButton size="small" aria-label={translate('pp.coupons.email_title')} onClick={() => setEmailing({ id: row.id, code: row.code })} disabled={row.redeemed === 'yes'}>
                    <MailIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={translate('pp.coupons.delete')}>
                <span>
                  <IconButton size="small" aria-label={translate('pp.coupons.delete')} onClick={() => askDelete(row)} disabled={row.redeemed === 'yes'} color="error">
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
      </DataTable>
      <ListPagination sizes={PAGE_SIZES.coupons.options} pages={PAGE_SIZES.coupons.paginationRange} />
      <EmailCouponDialog coupon={emailing} onClose={() => setEmailing(null)} withName={partner} {...(userId ? { userId } : {})} />
      <ConfirmDelete target={deleting} onClose={() => setDeleting(null)} onConfirm={(row) => void remove(row)} labelId="delete-coupon-title">
        <DialogContentText>{translate('pp.coupons.confirm_text')}</DialogContentText>
        <DialogContentText sx={{ mt: 1 }} data-testid="delete-coupon-detail">
          {translate('pp.coupons.confirm_detail', { code: deleting?.code ?? '' })}
        </DialogContentText>
      </ConfirmDelete>
    </Card>
  );
}
