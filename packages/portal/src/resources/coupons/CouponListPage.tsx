/** /{custom_url}/coupons/list (001 §2.3): the signed-in reseller's coupons. */
import { useTranslate } from 'ra-core';
import { isPartner } from '@partner-panel/data-provider';
import { useSessionUser } from '../../routing/useSessionUser';
import { PageHeader } from '../../pages/PageHeader';
import { CouponTable } from './CouponTable';

export default function CouponListPage() {
  const translate = useTranslate();
  const user = useSessionUser();
  return (
    <>
      <PageHeader title={translate('pp.coupons.title')} />
      <CouponTable resource="coupons" partner={isPartner(user)} />
    </>
  );
}
