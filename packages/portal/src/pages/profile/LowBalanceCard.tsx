/**
 * The low-balance warning line (ours): the amount under which the reseller is told once, by
 * notification and e-mail, each time what it can spend falls below it (POST
 * /api/v1/resellers/low-balance). The partner account (903) sets it on its credit line's remainder.
 * Every member reads the line; only those who manage the account (account.manage) get the form.
 */
import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { TextInput, useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { centsToDollars, contract } from '@partner-panel/sdk';
import { useFormat } from '../../components/format';
import { SchemaForm } from '../../components/SchemaForm';
import type { Submission } from '../../components/useSubmission';
import { SubmitButton } from '../../components/SubmitButton';
import { useForecast } from '../dashboard/overview/Forecast';
import { FORECAST_QUERY } from '../dashboard/overview/query';

export function LowBalanceCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data } = useForecast();
  const credit = Boolean(data?.credit);
  const manage = useCanAccess({ resource: 'profile', action: 'setLowBalanceThreshold' }).canAccess === true;

  // The contract's own rule checks the field first; the form hands on what it parsed (cents).
  async function save(values: FieldValues, once: Submission) {
    const cents = values.threshold as number | null;
    try {
      const { body, message } = await dataProvider.call('setLowBalanceThreshold', { threshold: cents === null ? null : centsToDollars(cents) }, undefined, once);
      queryClient.setQueryData(FORECAST_QUERY, body);
      notify(message, { type: 'success' });
      return undefined;
    } catch (error) {
      return { threshold: (error as Error).message };
    }
  }

  return (
    <Card sx={{ mt: 2 }} data-testid="low-balance">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(credit ? 'pp.profile.credit_warning_title' : 'pp.profile.low_balance_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(credit ? 'pp.profile.credit_warning_text' : 'pp.profile.low_balance_text')}
        </Typography>
        {data ? (
          <>
            <Typography variant="body2" sx={{ mt: 1 }} data-testid="low-balance-current">
              {data.low_balance_threshold === null
                ? translate('pp.profile.low_balance_off')
                : translate('pp.profile.low_balance_current', { amount: format.money(data.low_balance_threshold) })}
            </Typography>
            {manage ? (
              <SchemaForm
                key={String(data.low_balance_threshold)}
                schema={contract.setLowBalanceThreshold.body}
                defaultValues={{ threshold: data.low_balance_threshold === null ? '' : data.low_balance_threshold.toFixed(2) }}
                onSubmit={save}
              >
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <TextInput source="threshold" label="pp.profile.low_balance_field" fullWidth parse={(value: string) => value} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
                  <SubmitButton label="pp.profile.low_balance_save" sx={{ mt: 1.5, flexShrink: 0 }} />
                </Box>
              </SchemaForm>
            ) : null}
          </>
        ) : (
          <Skeleton height={72} />
        )}
      </CardContent>
    </Card>
  );
}
