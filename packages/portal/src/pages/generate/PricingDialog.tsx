/** 'View pricing for products': the price tables in a modal, Recursive and Non-Recursive tabs. */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { Products } from '@partner-panel/sdk';
import { AddonPriceTable, PriceTable } from './PricingTables';

export function PricingDialog({ open, onClose, products }: { open: boolean; onClose: () => void; products: Products | undefined }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<'recurring' | 'onetime'>('recurring');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="pricing-title">
      <DialogTitle id="pricing-title">{translate('pp.generate.pricing_title')}</DialogTitle>
      <DialogContent>
        <Tabs value={tab} onChange={(_, v: 'recurring' | 'onetime') => setTab(v)} sx={{ mb: 2 }}>
          <Tab value="recurring" label={translate('pp.coupons.recursive')} />
          <Tab value="onetime" label={translate('pp.coupons.non_recursive')} />
        </Tabs>
        <PriceTable
          group={tab === 'recurring' ? products?.recurring : products?.onetime}
          title={translate(tab === 'recurring' ? 'pp.pricing.recursive' : 'pp.pricing.non_recursive')}
        />
        <AddonPriceTable group={tab === 'recurring' ? products?.recurring : products?.onetime} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('pp.generate.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
