/**
 * Generate Coupons (001 §2.1): cycle, type (Recursive / Non-Recursive), addon, prefix, quantity;
 * the price of the lot; the pricing modal; the FAQ. The own page and an admin's page for one of its
 * users (paid from the user's wallet) share it; reseller 903 gets its one plan, up to 10 000 a lot.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  FormLabel,
  Grid,
  LinearProgress,
  Link,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { canAccess, isPartner } from '@partner-panel/data-provider';
import { ACCOUNT_STATUS, COUPON_QUANTITY, DEFAULT_CYCLE, errors, fallbackMessage, generateCouponsBody, type Cycle } from '@partner-panel/sdk';
import { dataProvider } from '../../providers';
import { validate, type FieldErrors } from '../../public/forms';
import { useSessionUser } from '../../routing/useSessionUser';
import { paths } from '../../routing/paths';
import { PageHeader } from '../PageHeader';
import { GenerateFaq } from './GenerateFaq';
import { GeneratedCodes } from './GeneratedCodes';
import { PricingDialog } from './PricingDialog';
import { cycleLabel, cyclesOf, money, useProducts } from './useProducts';

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
  const [billingType, setBillingType] = useState<1 | 2>(1);
  const [cycle, setCycle] = useState<Cycle>(DEFAULT_CYCLE);
  const [addon, setAddon] = useState(0);
  const [prefix, setPrefix] = useState('');
  const [quantity, setQuantity] = useState(String(COUPON_QUANTITY.default));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<{ message: string; addFunds: boolean } | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const [pricing, setPricing] = useState(false);

  const group = billingType === 1 ? products.data?.recurring : products.data?.onetime;
  const cycles = cyclesOf(group);
  // A cycle the products do not offer (an admin's user with other products) falls back to the first.
  useEffect(() => {
    if (cycles.length && !cycles.includes(cycle)) setCycle(cycles[0] as Cycle);
  }, [cycles, cycle]);
  /** Changing the type reloads the cycles and selects the first one (001 §2.1). */
  const changeType = (type: 1 | 2) => {
    setBillingType(type);
    const first = cyclesOf(type === 1 ? products.data?.recurring : products.data?.onetime)[0];
    if (first) setCycle(first);
    setAddon(0);
  };

  const addonEntry = (id: number) => {
    const byCycle = (group?.addon as unknown as Record<string, Record<string, { id: number; price: number } | null> | undefined>)?.[cycle];
    return Object.values(byCycle ?? {}).find((a) => a?.id === id) ?? null;
  };
  const unit = (group?.product[cycle]?.price ?? 0) + (addon ? addonEntry(addon)?.price ?? 0 : 0);
  const count = Number(quantity) || 0;
  const max = partner ? COUPON_QUANTITY.restrictedMax : COUPON_QUANTITY.max;
  const total = useMemo(() => Math.round(unit * count * 100) / 100, [unit, count]);

  if (!user) return null;
  const active = userId ? true : user.status === ACCOUNT_STATUS.active;
  const title = translate('pp.nav.generate');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setResult(null);
    const input = {
      quantity: Number(quantity),
      billing_cycle: cycle,
      product_id: group?.product[cycle]?.id ?? 0,
      addon_type: addon || ('' as const),
      billing_type: billingType,
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
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      if (!userId) void dataProvider.refreshProfile().catch(() => undefined);
    } catch (error) {
      const body = (error as { body?: { code?: string } }).body;
      setFailure({
        message: error instanceof Error && error.message ? error.message : fallbackMessage(errors.generateCoupons),
        addFunds: body?.code === errors.insufficientBalance.code && !userId && canAccess(user, { resource: 'billing' }),
      });
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
                <>
                  <FormLabel id="type-label" sx={{ display: 'block', mt: 1 }}>
                    {translate('pp.generate.product_type')}
                  </FormLabel>
                  <RadioGroup row aria-labelledby="type-label" value={billingType} onChange={(e) => changeType(Number(e.target.value) as 1 | 2)}>
                    <FormControlLabel value={1} control={<Radio />} label={translate('pp.coupons.recursive')} />
                    <FormControlLabel value={2} control={<Radio />} label={translate('pp.coupons.non_recursive')} />
                  </RadioGroup>
                  <TextField select name="billing_cycle" label={translate('pp.generate.billing_cycle')} value={cycles.includes(cycle) ? cycle : ''} onChange={(e) => setCycle(e.target.value as Cycle)}>
                    {cycles.map((c) => (
                      <MenuItem key={c} value={c}>
                        {`${cycleLabel(c)} — ${money(group?.product[c]?.price ?? 0)}`}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField select name="addon" label={translate('pp.generate.addon')} value={addon} onChange={(e) => setAddon(Number(e.target.value))}>
                    <MenuItem value={0}>{translate('pp.generate.no_addon')}</MenuItem>
                    {(products.data?.addon_type ?? []).map((a) => {
                      const entry = addonEntry(a.id);
                      return (
                        <MenuItem key={a.id} value={a.id} disabled={!entry}>
                          {`${a.name} — ${entry ? `+${money(entry.price)}` : '-'}`}
                        </MenuItem>
                      );
                    })}
                  </TextField>
                </>
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
              {failure ? (
                <Alert severity="error" sx={{ mt: 2 }} role="alert">
                  {failure.message}{' '}
                  {failure.addFunds ? (
                    <Link component={RouterLink} to={paths(user.custom_url).pay} sx={{ fontWeight: 700 }}>
                      {translate('pp.generate.add_fund')}
                    </Link>
                  ) : null}
                </Alert>
              ) : null}
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
      <GenerateFaq />
      <PricingDialog open={pricing} onClose={() => setPricing(false)} products={products.data} />
    </>
  );
}
