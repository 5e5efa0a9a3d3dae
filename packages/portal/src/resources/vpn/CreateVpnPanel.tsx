/** Create new VPN Account (001 §2.7): product, addon, type, the end user's e-mail; paid from the wallet. */
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { ACCOUNT_STATUS, contract, errors, type VpnAccount } from '@partner-panel/sdk';
import { dataProvider } from '../../providers';
import { SpendFailureAlert, useSpendFailure } from '../../layout/SpendFailure';
import { validate } from '../../public/forms';
import { useSessionUser } from '../../routing/useSessionUser';
import { PricingDialog } from '../../pages/generate/PricingDialog';
import { ProductChoiceFields, useProductChoice } from '../../pages/generate/ProductChoice';
import { money, useProducts } from '../../pages/generate/useProducts';

export function CreateVpnPanel({ onCreated }: { onCreated: (account: VpnAccount) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const products = useProducts();
  const choice = useProductChoice(products.data);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const spend = useSpendFailure();
  const [created, setCreated] = useState<VpnAccount | null>(null);
  const [busy, setBusy] = useState(false);
  const [pricing, setPricing] = useState(false);
  if (!user) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    spend.clear();
    const input = { billing_cycle: choice.cycle, product_id: choice.productId, billing_type: choice.billingType, email: email.trim(), addon_id: choice.addon || ('' as const) };
    const invalid = validate(contract.createVpnAccount.body, input);
    setEmailError(invalid.email ?? null);
    if (Object.keys(invalid).length) return;
    setBusy(true);
    try {
      const { message, body } = await dataProvider.createVpnAccount(input);
      notify(message, { type: 'success' });
      setCreated(body.account);
      setEmail('');
      onCreated(body.account);
      // The profile and the balance are refreshed after a creation (001 §4).
      void dataProvider.refreshProfile().catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    } catch (error) {
      spend.report(error, errors.createCoupons, true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="create-vpn">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {translate('pp.vpn.create_title')}
        </Typography>
        <Button variant="outlined" onClick={() => setPricing(true)}>
          {translate('pp.generate.view_pricing')}
        </Button>
      </Box>
      <ProductChoiceFields choice={choice} products={products.data} />
      <TextField name="email" type="email" label={translate('pp.vpn.user_email')} value={email} onChange={(e) => setEmail(e.target.value)} error={emailError !== null} helperText={emailError ?? ' '} />
      <Typography sx={{ mt: 1 }} color="text.secondary">
        {translate('pp.vpn.price', { price: money(choice.unit) })}
      </Typography>
      <SpendFailureAlert failure={spend.failure} />
      {created ? (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="vpn-created">
          {translate('pp.vpn.created', { username: created.vpn_username, email: created.email })}
        </Alert>
      ) : null}
      {user.status === ACCOUNT_STATUS.active ? (
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy || !choice.group} sx={{ mt: 2 }}>
          {translate('pp.vpn.create')}
        </Button>
      ) : (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="deactivated-banner">
          {translate('pp.profile.deactivated')}
        </Alert>
      )}
      <PricingDialog open={pricing} onClose={() => setPricing(false)} products={products.data} />
    </Box>
  );
}
