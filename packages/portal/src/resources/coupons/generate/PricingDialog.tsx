/** 'View pricing for products': the price tables in a modal, Recursive and Non-Recursive tabs (001 §2.1). */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'ra-core';
import { AddonPriceTable, PriceTable } from './PricingTables';
import { usePricing } from './useProducts';

export function PricingDialog({ onClose, userId }: { onClose: () => void; userId?: number }) {
  const translate = useTranslate();
  const { data } = usePricing(userId);
  const [tab, setTab] = useState<'recurring' | 'onetime'>('recurring');
  const group = tab === 'recurring' ? data?.recurring : data?.onetime;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="pricing-title">
      <DialogTitle id="pricing-title">{translate('pp.generate.pricing_title')}</DialogTitle>
      <DialogContent>
        <Tabs value={tab} onChange={(_, v: 'recurring' | 'onetime') => setTab(v)} sx={{ mb: 2 }}>
          <Tab value="recurring" label={translate('pp.coupons.recursive')} />
          <Tab value="onetime" label={translate('pp.coupons.non_recursive')} />
        </Tabs>
        <PriceTable group={group} title={translate(tab === 'recurring' ? 'pp.pricing.recursive' : 'pp.pricing.non_recursive')} />
        <AddonPriceTable group={group} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('pp.generate.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
