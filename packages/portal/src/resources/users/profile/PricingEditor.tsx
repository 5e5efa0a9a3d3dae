/**
 * The user's price per cycle of both product types (002 §2: pricing can be edited), as Recursive
 * and Non-Recursive tabs like the pricing modal's. Saving sends each changed cycle to
 * `update/user/pricing`; a refused price shows its message under its cycle.
 */
import { useState } from 'react';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { TextInput, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { RECURRING_CYCLES, dollarAmountField, dollarsToCents } from '@partner-panel/sdk';
import { SchemaForm } from '../../../components/SchemaForm';
import type { Submission } from '../../../components/useSubmission';
import { SubmitButton } from '../../../components/SubmitButton';
import { messageOf } from '../../../components/serverErrors';

type Prices = Record<(typeof RECURRING_CYCLES)[number], number>;

const schema = z.object(Object.fromEntries(RECURRING_CYCLES.map((c) => [c, dollarAmountField])));

/** The user's prices by tab; read-only (no save) for a member who may not manage sub-resellers. */
export function PricingEditor({ userId, recurring, onetime, editable }: { userId: number; recurring: Prices; onetime: Prices; editable: boolean }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<1 | 0>(1);
  const prices = tab === 1 ? recurring : onetime;
  return (
    <Box>
      <Tabs value={tab} onChange={(_, v: 1 | 0) => setTab(v)} aria-label={translate('pp.users.pricing')} sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tab value={1} label={translate('pp.coupons.recursive')} id="pricing-tab-1" aria-controls="pricing-panel" />
        <Tab value={0} label={translate('pp.coupons.non_recursive')} id="pricing-tab-0" aria-controls="pricing-panel" />
      </Tabs>
      <Box id="pricing-panel" role="tabpanel" aria-labelledby={`pricing-tab-${tab}`}>
        <PriceForm key={`${tab}:${JSON.stringify(prices)}`} userId={userId} recursive={tab} prices={prices} editable={editable} />
      </Box>
    </Box>
  );
}

function PriceForm({ userId, recursive, prices, editable }: { userId: number; recursive: 1 | 0; prices: Prices; editable: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PortalDataProvider>();

  async function save(values: FieldValues, once: Submission) {
    const changed = RECURRING_CYCLES.filter((c) => values[c] !== dollarsToCents(String(prices[c])));
    if (changed.length === 0) return void notify('pp.users.nothing_changed', { type: 'info' });
    const errors: Record<string, string> = {};
    for (const cycle of changed) {
      try {
        await dataProvider.updateUserPricing(userId, { update: cycle, recursive, value: (values[cycle] as number) / 100 }, once);
      } catch (error) {
        errors[cycle] = messageOf(error, translate('pp.errors.update'));
      }
    }
    if (Object.keys(errors).length < changed.length) {
      notify('pp.users.prices_saved', { type: 'success' });
      refresh();
    }
    return Object.keys(errors).length ? errors : undefined;
  }

  return (
    <SchemaForm schema={schema} defaultValues={Object.fromEntries(RECURRING_CYCLES.map((c) => [c, prices[c].toFixed(2)]))} onSubmit={save}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('pp.users.pricing_help')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, columnGap: 2 }}>
        {RECURRING_CYCLES.map((cycle) => (
          <TextInput key={cycle} source={cycle} label={translate(`pp.cycles.${cycle}`)} inputMode="decimal" data-testid={`price-${cycle}`} disabled={!editable} />
        ))}
      </Box>
      {editable ? <SubmitButton label="pp.users.save_prices" /> : null}
    </SchemaForm>
  );
}
