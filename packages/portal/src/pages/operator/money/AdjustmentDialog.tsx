/**
 * Manual adjustment (the Money page opens it): the contract's own form for `adjustResellerWallet` —
 * the reseller's id, credit or debit, the amount in dollars and the reason the reseller will read.
 * A refusal lands beside its field (an unknown reseller, a debit past zero) as well as in a toast.
 */
import { RadioButtonGroupInput, TextInput, useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { contract } from '@partner-panel/sdk';
import { FormDialog } from '../../../components/FormDialog';
import { useFormAction } from '../../../components/useFormAction';

export default function AdjustmentDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const run = useFormAction();
  return (
    <FormDialog
      id="adjust-title"
      title="pp.money.adjust_title"
      help="pp.money.adjust_help"
      submit="pp.money.save"
      schema={contract.adjustResellerWallet.body}
      defaultValues={{ reseller_id: '', type: 'credit', amount: '', reason: '' }}
      onClose={onClose}
      onSubmit={async (values, once) => {
        const errors = await run(() =>
          dataProvider.call(
            'adjustResellerWallet',
            // The form's amount is in cents; the call takes dollars.
            { reseller_id: Number(values.reseller_id), type: values.type === 'debit' ? 'debit' : 'credit', amount: Number(values.amount) / 100, reason: String(values.reason) },
            undefined,
            once,
          ),
        );
        if (!errors) {
          onDone();
          onClose();
        }
        return errors;
      }}
    >
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
    </FormDialog>
  );
}
