/**
 * Manual adjustment (the Money page opens it): the contract's own form for `adjustResellerWallet` —
 * the reseller's id, credit or debit, the amount in dollars and the reason the reseller will read.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { RadioButtonGroupInput, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { contract } from '@partner-panel/sdk';
import { SchemaForm } from '../../../components/SchemaForm';
import { SubmitButton } from '../../../components/SubmitButton';
import type { Submission } from '../../../components/useSubmission';

type Values = { reseller_id: number; type: 'credit' | 'debit'; amount: number; reason: string };

export default function AdjustmentDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();

  async function save(values: Values, once: Submission) {
    try {
      const { message } = await dataProvider.call(
        'adjustResellerWallet',
        { reseller_id: values.reseller_id, type: values.type, amount: values.amount / 100, reason: values.reason },
        undefined,
        once,
      );
      notify(message, { type: 'success' });
      onDone();
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="adjust-title">
      <SchemaForm schema={contract.adjustResellerWallet.body} onSubmit={save} defaultValues={{ reseller_id: '', type: 'credit', amount: '', reason: '' }}>
        <DialogTitle id="adjust-title">{translate('pp.money.adjust_title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('pp.money.adjust_help')}
          </Typography>
          <TextInput source="reseller_id" label="pp.money.reseller_id" fullWidth autoFocus inputMode="numeric" />
          <RadioButtonGroupInput
            source="type"
            label="pp.money.type"
            choices={[
              { id: 'credit', name: 'pp.money.credit' },
              { id: 'debit', name: 'pp.money.debit' },
            ]}
            row={false}
          />
          <TextInput source="amount" label="pp.money.amount" fullWidth inputMode="decimal" />
          <TextInput source="reason" label="pp.money.reason" fullWidth />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{translate('pp.money.cancel')}</Button>
          <SubmitButton label="pp.money.save" />
        </DialogActions>
      </SchemaForm>
    </Dialog>
  );
}
