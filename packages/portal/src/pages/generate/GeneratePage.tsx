/**
 * Generate Coupons (001 §2.1): cycle, type (Recursive / Non-Recursive), addon, prefix, quantity;
 * the price of the lot; the pricing modal; the FAQ. The own page and an admin's page for one of its
 * users (paid from the user's wallet) share it; reseller 903 gets its one plan, up to 10 000 a lot.
 */
import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  LinearProgress,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { canAccess, isPartner } from '@partner-panel/data-provider';
import { ACCOUNT_STATUS, COUPON_QUANTITY, errors, fallbackMessage, generateCouponsBody } from '@partner-panel/sdk';
import { dataProvider } from '../../providers';
import { validate, type FieldErrors } from '../../public/forms';
import { useSessionUser } from '../../routing/useSessionUser';
import { paths } from '../../routing/paths';
import { PageHeader } from '../PageHeader';
import { Faq } from '../../layout/Faq';
import { SpendFailureAlert, useSpendFailure } from '../../layout/SpendFailure';
import { GeneratedCodes } from './GeneratedCodes';
import { PricingDialog } from './PricingDialog';
import { ProductChoiceFields, useProductChoice } from './ProductChoice';
import { cycleLabel, money, useProducts } from './useProducts';

interface Result {
  message: string;
  codes: string[];
  amount: number;
}

export default function GeneratePage({ userId }: { userId?: number }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const products = useProducts(userId);
  // An admin generating for its user gets the full form; 903 gets its own plan.
  const partner = !userId && isPartner(user);
  const choice = useProductChoice(products.data);
  const [prefix, setPrefix] = useState('');
  const [quantity, setQuantity] = useState(String(COUPON_QUANTITY.default));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const spend = useSpendFailure();
  const notify = useNotify();
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const [pricing, setPricing] = useState(false);

  const { group, cycle, unit } = choice;
  const count = Number(quantity) || 0;
  const max = partner ? COUPON_QUANTITY.restrictedMax : COUPON_QUANTITY.max;
  const total = useMemo(() => Math.round(unit * count * 100) / 100, [unit, count]);

  if (!user) return null;
  const active = userId ? true : user.status === ACCOUNT_STATUS.active;
  const title = translate('pp.nav.generate');

  async function submit(event: FormEvent) {
    event.preventDefault();
    spend.clear();
    setResult(null);
    const input = {
      quantity: Number(quantity),
      billing_cycle: cycle,
      product_id: choice.productId,
      addon_type: choice.addon || ('' as const),
      billing_type: choice.billingType,
      prefix: prefix.trim(),
    };
    const invalid = validate(generateCouponsBody, input);
    if (!invalid.quantity && input.quantity > max) invalid.quantity = translate(partner ? 'pp.validation.quantityRangeRestricted' : 'pp.validation.quantityRange');
    setFieldErrors(invalid);
    if (Object.keys(invalid).length) return;
    setBusy(true);
    try {
      const { message, body } = userId ? await dataProvider.generateUserCoupons(userId, input) : await dataProvider.generateCoupons(input);
      setResult({ message, codes: body.codes, amount: body.amount });
      notify(message, { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      if (!userId) void dataProvider.refreshProfile().catch(() => undefined);
    } catch (error) {
      spend.report(error, errors.generateCoupons, !userId && canAccess(user, { resource: 'billing' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader
        title={title}
        actions={
          canAccess(user, { resource: 'coupons.price' }) || userId ? (
            <Button variant="outlined" onClick={() => setPricing(true)}>
              {translate('pp.generate.view_pricing')}
            </Button>
          ) : undefined
        }
      />
      {!active ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="deactivated-banner">
          {translate('pp.profile.deactivated')}
        </Alert>
      ) : null}
      {products.error ? <Alert severity="error">{products.error.message || fallbackMessage(errors.fetchProducts)}</Alert> : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card>
            <CardContent component="form" onSubmit={submit} noValidate>
              {partner ? (
                <TextField label={translate('pp.generate.billing_cycle')} value={cycleLabel('biennially')} slotProps={{ input: { readOnly: true } }} />
              ) : (
                <ProductChoiceFields choice={choice} products={products.data} />
              )}
              <TextField
                name="prefix"
                label={translate('pp.generate.prefix')}
                value={prefix}
                onChange={(e) => setPrefix(e.target.value.toUpperCase())}
                error={Boolean(fieldErrors.prefix)}
                helperText={fieldErrors.prefix ?? translate('pp.generate.prefix_help')}
              />
              <TextField
                name="quantity"
                type="number"
                label={translate('pp.generate.quantity')}
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
                error={Boolean(fieldErrors.quantity)}
                helperText={fieldErrors.quantity ?? translate('pp.generate.quantity_help', { max: max.toLocaleString('en-US') })}
                slotProps={{ htmlInput: { min: 1, max, step: 1 } }}
              />
              <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mt: 2, flexWrap: 'wrap', gap: 1 }}>
                <Typography color="text.secondary">{translate('pp.generate.total', { unit: money(unit), count: count.toLocaleString('en-US') })}</Typography>
                <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="generate-total">
                  {money(total)}
                </Typography>
              </Box>
              {busy ? (
                <Box sx={{ mt: 2 }} role="status" data-testid="generate-progress">
                  <LinearProgress />
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    {translate('pp.generate.progress', { count: count.toLocaleString('en-US') })}
                  </Typography>
                </Box>
              ) : null}
              <SpendFailureAlert failure={spend.failure} />
              {active ? (
                <Button type="submit" variant="contained" size="large" fullWidth disabled={busy || !group} sx={{ mt: 2 }}>
                  {translate('pp.generate.submit')}
                </Button>
              ) : null}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          {result ? <GeneratedCodes {...result} listTo={userId ? undefined : paths(user.custom_url).couponsList} /> : null}
        </Grid>
      </Grid>
      {/* Reseller 903 sells one plan, up to 10 000 at a time, with no type or addon to choose (000 §6). */}
      <Faq namespace="pp.faq" keys={partner ? ['how', 'partner_plan', 'expiry', 'refund', 'partner_bulk'] : ['how', 'expiry', 'refund', 'types', 'addons', 'bulk']} />
      <PricingDialog open={pricing} onClose={() => setPricing(false)} products={products.data} />
    </>
  );
}
