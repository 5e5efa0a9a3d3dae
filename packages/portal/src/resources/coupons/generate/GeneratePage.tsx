/**
 * Generate Coupons (001 §2.1): cycle, type (Recursive / Non-Recursive), addon, prefix, quantity;
 * the price of the lot; the pricing modal; the FAQ. A react-admin form validated by the contract's
 * own schema (quantity up to 60, or 10 000 for reseller 903). The own page and an admin's page for
 * one of its users (paid from the user's wallet) share it; 903 gets its one plan.
 */
import { useMemo, useState } from 'react';
import { Box, Button, Card, CardContent, Grid, LinearProgress, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { NumberInput, RecordContextProvider, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { canAccess, isPartner, type GenerateInput, type PortalDataProvider } from '@partner-panel/data-provider';
import { ACCOUNT_STATUS, COUPON_QUANTITY, couponQuantityField, errors, generateCouponsBody, type Products } from '@partner-panel/sdk';
import { DeactivatedBanner } from '../../../components/DeactivatedBanner';
import { Faq } from '../../../components/Faq';
import { useFormat } from '../../../components/format';
import { PageHeader } from '../../../components/PageHeader';
import { SpendFailureAlert, useSpendFailure } from '../../../components/SpendFailure';
import { SchemaForm } from '../../../components/SchemaForm';
import type { Submission } from '../../../components/useSubmission';
import { SubmitButton } from '../../../components/SubmitButton';
import { usePaths } from '../../../routing/usePaths';
import { useSessionUser } from '../../../routing/useSessionUser';
import { GeneratedCodes, type Generated } from './GeneratedCodes';
import { PricingDialog } from './PricingDialog';
import { ProductChoiceInputs, ProductSync, productDefaults, useChoice } from './ProductChoice';
import { useCycleLabel, useProducts } from './useProducts';

export default function GeneratePage({ userId }: { userId?: number }) {
  const cycleLabel = useCycleLabel();
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const user = useSessionUser();
  const links = usePaths();
  const products = useProducts(userId);
  // An admin generating for its user gets the full form; 903 gets its own plan.
  const partner = !userId && isPartner(user);
  const schema = useMemo(() => generateCouponsBody.extend({ quantity: couponQuantityField(partner) }), [partner]);
  const spend = useSpendFailure();
  const [result, setResult] = useState<Generated | null>(null);
  const [pricing, setPricing] = useState(false);
  if (!user) return null;
  const active = userId ? true : user.status === ACCOUNT_STATUS.active;

  async function generate(input: GenerateInput, once: Submission) {
    spend.clear();
    setResult(null);
    try {
      const { message, body } = userId ? await dataProvider.generateUserCoupons(userId, input, once) : await dataProvider.generateCoupons(input, once);
      setResult({ codes: body.codes, amount: body.amount });
      notify(message, { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      if (!userId) void dataProvider.refreshProfile().catch(() => undefined);
    } catch (error) {
      spend.report(error, errors.generateCoupons, !userId && canAccess(user, { resource: 'billing' }));
    }
  }

  return (
    <>
      <PageHeader
        title={translate('pp.nav.generate')}
        actions={
          canAccess(user, { resource: 'coupons.price' }) || userId ? (
            <Button variant="outlined" aria-haspopup="dialog" onClick={() => setPricing(true)}>
              {translate('pp.generate.view_pricing')}
            </Button>
          ) : undefined
        }
      />
      {!active ? <DeactivatedBanner /> : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card>
            <CardContent>
              {/* A purchase, not an edit of the admin's user whose record surrounds the page: the form
                  takes none, so the record's arrival (after the form, on a page opened by its
                  address) does not reset it. */}
              <RecordContextProvider value={undefined}>
                <SchemaForm
                  onSubmit={generate}
                  schema={schema}
                  defaultValues={{ ...productDefaults, addon_type: 0, prefix: '', quantity: COUPON_QUANTITY.default }}
                >
                  <ProductSync products={products.data} addonField="addon_type" />
                  {partner ? (
                    <TextField label={translate('pp.generate.billing_cycle')} value={cycleLabel('biennially')} slotProps={{ input: { readOnly: true } }} />
                  ) : (
                    <ProductChoiceInputs products={products.data} addonField="addon_type" />
                  )}
                  <TextInput source="prefix" label="pp.generate.prefix" fullWidth parse={(v: string) => v.toUpperCase()} helperText="pp.generate.prefix_help" />
                  <NumberInput
                    source="quantity"
                    label="pp.generate.quantity"
                    fullWidth
                    step={1}
                    min={COUPON_QUANTITY.min}
                    max={partner ? COUPON_QUANTITY.restrictedMax : COUPON_QUANTITY.max}
                    helperText={translate('pp.generate.quantity_help', { max: format.number(partner ? COUPON_QUANTITY.restrictedMax : COUPON_QUANTITY.max) })}
                  />
                  <LotPrice products={products.data} partner={partner} />
                  <SpendFailureAlert failure={spend.failure} />
                  {active ? <SubmitButton label="pp.generate.submit" size="large" fullWidth disabled={!products.data} sx={{ mt: 2 }} /> : null}
                </SchemaForm>
              </RecordContextProvider>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>{result ? <GeneratedCodes {...result} listTo={userId ? undefined : links.couponsList} /> : null}</Grid>
      </Grid>
      {/* Reseller 903 sells one plan, up to 10 000 at a time, with no type or addon to choose (000 §6),
          and has no wallet: its charges and refunds are on its credit line. */}
      <Faq
        namespace="pp.faq"
        keys={partner ? ['how', 'partner_plan', 'expiry', 'partner_refund', 'partner_renew', 'partner_bulk'] : ['how', 'expiry', 'refund', 'types', 'addons', 'bulk']}
      />
      {pricing ? <PricingDialog onClose={() => setPricing(false)} {...(userId ? { userId } : {})} /> : null}
    </>
  );
}

/**
 * The lot's price before it is bought, and the progress while it is generated. A quantity the form
 * would refuse (−3, 2.5, 61) shows no price rather than a wrong one.
 */
function LotPrice({ products, partner }: { products: Products | undefined; partner: boolean }) {
  const translate = useTranslate();
  const format = useFormat();
  const { unit } = useChoice(products, 'addon_type');
  const quantity = useWatch({ name: 'quantity' }) as unknown;
  const { isSubmitting } = useFormState();
  const checked = couponQuantityField(partner).safeParse(quantity);
  const count = checked.success ? checked.data : null;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mt: 2, flexWrap: 'wrap', gap: 1 }}>
        <Typography color="text.secondary">{translate('pp.generate.total', { unit: format.money(unit), count: count === null ? '—' : format.number(count) })}</Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="generate-total">
          {count === null ? '—' : format.money(Math.round(unit * count * 100) / 100)}
        </Typography>
      </Box>
      {isSubmitting && count !== null ? (
        <Box sx={{ mt: 2 }} role="status" data-testid="generate-progress">
          <LinearProgress aria-label={translate('pp.generate.progress', { count: format.number(count) })} />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate('pp.generate.progress', { count: format.number(count) })}
          </Typography>
        </Box>
      ) : null}
    </>
  );
}
