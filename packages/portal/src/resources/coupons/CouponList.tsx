/**
 * Coupons List (001 §2.3, §2.4): the own list at coupons/list, and an admin's view of one of its
 * users (`userId`, the same resource with the user in meta). Filters behind the toggle, page sizes
 * 10/20/30 with a 5-page range, Export CSV, and per row Email Coupon and a delete that refunds
 * (disabled once redeemed). Reseller 903: no Billing Type filter, a full name in the e-mail modal.
 * Ours beside 001's columns: plan, addon, expires, redeemed at and by (lines of the row's card on a phone); the
 * Redeemed and plan filters, date presets, the code matched anywhere; and a selection's bulk
 * actions (CouponBulkActions).
 */
import { Chip } from '@mui/material';
import { DataTable, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { isPartner } from '@partner-panel/data-provider';
import { PAGE_SIZES } from '@partner-panel/sdk';
import { couponFilterInputs, ToggledFilters } from '../../components/FilterPanel';
import { useFormat } from '../../components/format';
import { ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { PortalList } from '../../components/PortalList';
import { useSessionUser } from '../../routing/useSessionUser';
import { CouponActions } from './CouponActions';
import type { CouponRecord } from './record';
import { CouponBulkButtons, CouponBulkToolbar } from './CouponBulkActions';
import { couponListFilterInputs } from './CouponFilters';
import { cycleOfPlan, useCycleLabel } from './generate/useProducts';


const Col = DataTable.Col<CouponRecord>;

/** The own list: /{custom_url}/coupons/list. */
export default function CouponListPage() {
  const translate = useTranslate();
  const partner = isPartner(useSessionUser());
  return (
    <>
      <PageHeader title={translate('pp.coupons.title')} />
      <CouponList partner={partner} />
    </>
  );
}

export function CouponList({ userId, partner = false }: { userId?: number; partner?: boolean }) {
  const meta = userId ? { userId } : undefined;
  return (
    <PortalList
      resource="coupons"
      storeKey={userId ? `coupons.user.${userId}` : 'coupons.own'}
      sizes={PAGE_SIZES.coupons.options}
      pages={PAGE_SIZES.coupons.paginationRange}
      perPage={PAGE_SIZES.coupons.default}
      meta={meta}
    >
      <ToggledFilters meta={meta}>
        <TextInput source="code" helperText={false} />
        {couponFilterInputs(!partner)}
        {couponListFilterInputs()}
      </ToggledFilters>
      <CouponTable partner={partner} {...(userId ? { userId } : {})} />
    </PortalList>
  );
}

const unredeemed = (c: CouponRecord) => c.redeemed === 'no';

function CouponTable({ userId, partner }: { userId?: number; partner: boolean }) {
  const cycleLabel = useCycleLabel();
  // The server names a coupon's plan in English (001 §3); a known one reads in the shown language.
  const planName = (plan: string) => {
    const cycle = cycleOfPlan(plan);
    return cycle ? cycleLabel(cycle) : plan;
  };
  const translate = useTranslate();
  const format = useFormat();
  const buttons = <CouponBulkButtons partner={partner} {...(userId ? { userId } : {})} />;
  return (
    <ListTable
      rowTestId="coupon-row"
      label={translate('pp.coupons.title')}
      bulkActionButtons={buttons}
      bulkActionsToolbar={<CouponBulkToolbar>{buttons}</CouponBulkToolbar>}
      isRowSelectable={unredeemed}
    >
      <Col source="code" disableSort cellSx={() => ({ fontFamily: 'monospace', fontWeight: 600 })} />
      <Col source="billing_type" disableSort render={(c) => translate(c.billing_type === 1 ? 'pp.coupons.recursive' : 'pp.coupons.non_recursive')} />
      <Col source="redeemed" disableSort render={() => <RedeemedChip />} />
      <Col source="generated_at" disableSort render={(c) => format.dateTime(c.generated_at)} />
      <Col source="plan" disableSort render={(c) => planName(c.plan)} />
      <Col source="addon" disableSort render={(c) => c.addon ?? '—'} />
      <Col source="expires_at" disableSort render={(c) => format.date(c.expires_at)} />
      <Col source="redeemed_at" disableSort render={(c) => (c.redeemed_at ? format.dateTime(c.redeemed_at) : '—')} />
      <Col source="redeemed_by" disableSort render={(c) => c.redeemed_by ?? '—'} />
      <Col label="pp.list.actions" align="right" render={() => <CouponActions partner={partner} {...(userId ? { userId } : {})} />} />
    </ListTable>
  );
}

function RedeemedChip() {
  const translate = useTranslate();
  const coupon = useRecordContext<CouponRecord>();
  const redeemed = coupon?.redeemed === 'yes';
  return <Chip size="small" variant="outlined" label={translate(redeemed ? 'pp.coupons.yes' : 'pp.coupons.no')} color={redeemed ? 'success' : 'default'} />;
}
