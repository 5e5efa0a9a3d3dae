/**
 * The modals of a user's profile (002 §2): Send Invoice ($100 to $10,000, the spec's messages),
 * Change Password (the password rule, 'Password confirmation does not match', a bot-check token),
 * and our credit or debit of the user's wallet with its reason. Each a react-admin form on the
 * contract's schema; the server's refusals land on their fields.
 */
import { PasswordInput, RadioButtonGroupInput, TextInput, useDataProvider } from 'react-admin';
import { z } from 'zod';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { contract, messages, strongPasswordField, withConfirmation } from '@partner-panel/sdk';
import { FormDialog } from '../../../components/FormDialog';
import { captchaToken } from '../../../public/captcha';
import { useFormAction } from '../../../components/useFormAction';

export type UserDialog = 'invoice' | 'password' | 'adjust';

const invoiceSchema = contract.createUserInvoice.body.pick({ amount: true });
const adjustSchema = contract.adjustUserBalance.body.omit({ user_reseller_id: true });
const passwordSchema = z
  .object({ password: strongPasswordField, password_confirmation: z.string() })
  .superRefine(withConfirmation(messages.passwordConfirmationMismatch));

export function UserDialogs({ open, user, onClose }: { open: UserDialog | null; user: { id: number; email: string }; onClose: () => void }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const run = useFormAction();
  const done = async (errors: Record<string, string> | undefined) => {
    if (!errors) onClose();
    return errors;
  };

  if (open === 'invoice') {
    return (
      <FormDialog
        id="send-invoice-title"
        title="pp.users.invoice_title"
        help="pp.users.invoice_help"
        submit="pp.users.invoice_send"
        schema={invoiceSchema}
        defaultValues={{ amount: '' }}
        onClose={onClose}
        // The form's output is in cents; the call takes dollars, as the spec's browser sends them.
        onSubmit={async (values, once) => done(await run(() => dataProvider.sendUserInvoice(user.id, Number(values.amount) / 100, user.email, once)))}
      >
        <TextInput source="amount" label="pp.users.invoice_amount" inputMode="decimal" fullWidth autoFocus />
      </FormDialog>
    );
  }
  if (open === 'password') {
    return (
      <FormDialog
        id="user-password-title"
        title="pp.users.password_title"
        help="pp.users.password_help"
        submit="pp.users.password_submit"
        schema={passwordSchema}
        defaultValues={{ password: '', password_confirmation: '' }}
        onClose={onClose}
        onSubmit={async (values, once) =>
          done(
            await run(
              async () =>
                dataProvider.updateUser(user.id, {
                  update: 'password',
                  value: String(values.password),
                  password_confirmation: String(values.password_confirmation),
                  token: await captchaToken('update_password'),
                }, once),
              ({ value, ...rest }) => ({ ...rest, ...(value ? { password: value } : {}) }),
            ),
          )
        }
      >
        <PasswordInput source="password" label="pp.users.new_password" fullWidth autoComplete="new-password" helperText="pp.register.password_hint" />
        <PasswordInput source="password_confirmation" label="pp.users.confirm_password" fullWidth autoComplete="new-password" />
      </FormDialog>
    );
  }
  if (open === 'adjust') {
    return (
      <FormDialog
        id="adjust-balance-title"
        title="pp.users.adjust_title"
        help="pp.users.adjust_help"
        submit="pp.users.adjust_submit"
        schema={adjustSchema}
        defaultValues={{ type: 'credit', amount: '', reason: '' }}
        onClose={onClose}
        onSubmit={async (values, once) =>
          done(await run(() => dataProvider.adjustUserBalance(user.id, { type: values.type as 'credit' | 'debit', amount: Number(values.amount) / 100, reason: String(values.reason) }, once)))
        }
      >
        <RadioButtonGroupInput
          source="type"
          label="pp.users.adjust_type"
          choices={[
            { id: 'credit', name: 'pp.users.credit' },
            { id: 'debit', name: 'pp.users.debit' },
          ]}
          row={false}
        />
        <TextInput source="amount" label="pp.users.adjust_amount" inputMode="decimal" fullWidth />
        <TextInput source="reason" label="pp.users.reason" fullWidth />
      </FormDialog>
    );
  }
  return null;
}
