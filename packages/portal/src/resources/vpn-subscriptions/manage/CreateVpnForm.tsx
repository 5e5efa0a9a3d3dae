/**
 * Create new VPN Account (001 §2.7): product, addon, type, the end user's e-mail; paid from the
 * wallet. A react-admin form validated by the contract's schema ('Please enter email'); the profile
 * and balance are refreshed after a creation (001 §4).
 */
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { ACCOUNT_STATUS, contract, errors, type Products, type VpnAccount } from '@partner-panel/sdk';
import { DeactivatedBanner } from '../../../components/DeactivatedBanner';
import { useFormat } from '../../../components/format';
import { SpendFailureAlert, useSpendFailure } from '../../../components/SpendFailure';
import { SchemaForm } from '../../../components/SchemaForm';
import type { Submission } from '../../../components/useSubmission';
import { SubmitButton } from '../../../components/SubmitButton';
import { useSessionUser } from '../../../routing/useSessionUser';
import { PricingDialog } from '../../coupons/generate/PricingDialog';
import { ProductChoiceInputs, ProductSync, productDefaults, useChoice } from '../../coupons/generate/ProductChoice';
import { useProducts } from '../../coupons/generate/useProducts';

type CreateInput = Parameters<PortalDataProvider['createVpnAccount']>[0];

export function CreateVpnForm({ onCreated }: { onCreated: (account: VpnAccount) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const user = useSessionUser();
  const products = useProducts();
  const spend = useSpendFailure();
  const [created, setCreated] = useState<VpnAccount | null>(null);
  const [pricing, setPricing] = useState(false);
  if (!user) return null;

  async function create(input: CreateInput, once: Submission) {
    spend.clear();
    try {
      const { message, body } = await dataProvider.createVpnAccount(input, once);
      notify(message, { type: 'success' });
      setCreated(body.account);
      onCreated(body.account);
      void dataProvider.refreshProfile().catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      return undefined;
    } catch (error) {
      spend.report(error, errors.createCoupons, true);
      return undefined;
    }
  }

  return (
    <SchemaForm
      onSubmit={create}
      schema={contract.createVpnAccount.body}
      defaultValues={{ ...productDefaults, addon_id: 0, email: '' }}
    >
      <Box data-testid="create-vpn">
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {translate('pp.vpn.create_title')}
          </Typography>
          <Button variant="outlined" aria-haspopup="dialog" onClick={() => setPricing(true)}>
            {translate('pp.generate.view_pricing')}
          </Button>
        </Box>
        <ProductSync products={products.data} addonField="addon_id" />
        <ProductChoiceInputs products={products.data} addonField="addon_id" />
        <TextInput source="email" type="email" label="pp.vpn.user_email" fullWidth />
        <AccountPrice products={products.data} />
        <SpendFailureAlert failure={spend.failure} />
        <ClearEmail after={created} />
        {created ? (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="vpn-created">
            {translate('pp.vpn.created', { username: created.vpn_username, email: created.email })}
          </Alert>
        ) : null}
        {user.status === ACCOUNT_STATUS.active ? (
          <SubmitButton label="pp.vpn.create" size="large" fullWidth disabled={!products.data} sx={{ mt: 2 }} />
        ) : (
          <DeactivatedBanner sx={{ mt: 2 }} />
        )}
      </Box>
      {pricing ? <PricingDialog onClose={() => setPricing(false)} /> : null}
    </SchemaForm>
  );
}

/** After a creation the e-mail is cleared for the next account; the plan stays chosen. */
function ClearEmail({ after }: { after: VpnAccount | null }) {
  const { setValue } = useFormContext();
  useEffect(() => {
    if (after) setValue('email', '');
  }, [after, setValue]);
  return null;
}

function AccountPrice({ products }: { products: Products | undefined }) {
  const translate = useTranslate();
  const { money } = useFormat();
  const { unit } = useChoice(products, 'addon_id');
  return (
    <Typography sx={{ mt: 1 }} color="text.secondary">
      {translate('pp.vpn.price', { price: money(unit) })}
    </Typography>
  );
}
